import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function StoreLocationsPage() {
  return (
    <PlaceholderPage
      eyebrow="Company"
      title="Store Locations"
      description="Our warehouses in New Orleans, Greensboro, Tampa and Denver."
    />
  );
}
