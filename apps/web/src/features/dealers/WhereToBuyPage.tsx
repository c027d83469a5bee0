import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function WhereToBuyPage() {
  return (
    <PlaceholderPage
      eyebrow="Where To Buy"
      title="Where To Buy"
      description="Find framers and galleries near a ZIP code, listed by distance and shown on a map."
    />
  );
}
