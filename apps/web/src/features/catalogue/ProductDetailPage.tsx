import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function ProductDetailPage() {
  const { Code = '' } = useParams();
  return (
    <PlaceholderPage
      eyebrow="Shop"
      title={`Product ${Code}`}
      description="The product's pictures, sizes, prices and stock by warehouse, with Add To Cart."
    />
  );
}
