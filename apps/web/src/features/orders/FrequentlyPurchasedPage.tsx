import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function FrequentlyPurchasedPage() {
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title="Frequently Purchased"
      description="The products you buy most often, each with a Shop button."
      bare
    />
  );
}
