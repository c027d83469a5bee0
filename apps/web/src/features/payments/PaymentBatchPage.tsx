import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function PaymentBatchPage() {
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title="Payment Batches"
      description="Batch payments with their status, searchable by batch number."
      bare
    />
  );
}
