import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function CareersPage() {
  return (
    <PlaceholderPage
      eyebrow="Company"
      title="Careers"
      description="Open positions across our four warehouses, each with its full description."
    />
  );
}
