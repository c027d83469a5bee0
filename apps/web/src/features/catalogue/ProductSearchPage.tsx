import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function ProductSearchPage() {
  return (
    <PlaceholderPage
      eyebrow="Shop"
      title="Product Search"
      description="A simple product search list with an Add To Cart button on each item."
    />
  );
}
