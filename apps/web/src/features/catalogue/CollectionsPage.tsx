import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function CollectionsPage() {
  return (
    <PlaceholderPage
      eyebrow="Shop"
      title="Collections"
      description="Every moulding collection as a tile with its picture and name; choosing one opens the shop filtered by it."
    />
  );
}
