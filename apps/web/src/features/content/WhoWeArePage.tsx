import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function WhoWeArePage() {
  return (
    <PlaceholderPage
      eyebrow="Company"
      title="Who We Are"
      description="The story of our moulding, mat and glass supply for the framing trade."
    />
  );
}
