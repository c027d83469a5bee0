import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /Admin/userListOrders/{searchx?}: searchx is 'pending' or 'payments'. */
export function ordersListTitle(searchx: string | undefined): string {
  const s = (searchx ?? '').toLowerCase();
  if (s === 'pending') return 'Orders Pending';
  if (s === 'payments') return 'Payments';
  return 'Orders Invoiced';
}

export default function OrdersListPage() {
  const { searchx } = useParams();
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title={ordersListTitle(searchx)}
      description="Your orders and invoices with date and status filters, and payment of several invoices at once."
      bare
    />
  );
}
