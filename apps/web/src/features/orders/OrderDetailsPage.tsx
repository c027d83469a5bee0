import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function OrderDetailsPage() {
  const { orderid = '' } = useParams();
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title={`Order ${orderid}`}
      description="The order with its items, totals, shipping details and a print button."
      bare
    />
  );
}
