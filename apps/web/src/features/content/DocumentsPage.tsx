import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function DocumentsPage() {
  return (
    <PlaceholderPage
      eyebrow="Updates"
      title="Updates"
      description="Updates, discontinued items and promotions to download."
    />
  );
}
