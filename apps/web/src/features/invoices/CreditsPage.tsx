import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function CreditsPage() {
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title="Credits"
      description="Open credits with invoice number, date, days open, amounts and balance due."
      bare
    />
  );
}
