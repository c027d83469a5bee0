import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function InvoiceDetailsPage() {
  const { invoiceid = '' } = useParams();
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title={`Invoice ${invoiceid}`}
      description="The invoice with its items, payments, balance and a Submit Payment button."
      bare
    />
  );
}
