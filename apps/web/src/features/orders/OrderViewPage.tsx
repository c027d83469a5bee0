import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function OrderViewPage() {
  const { orderid = '' } = useParams();
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title={`Order ${orderid}`}
      description="A printable view of the order."
      bare
    />
  );
}
