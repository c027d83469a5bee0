import { RichTextPage } from './RichTextPage.tsx';

export default function StoreLocationsPage() {
  return <RichTextPage setting="store_locations" title="Store Locations" eyebrow="Company" />;
}
