import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function TermsPage() {
  return (
    <PlaceholderPage
      eyebrow="Company"
      title="Terms"
      description="The terms and conditions of trade with us."
    />
  );
}
