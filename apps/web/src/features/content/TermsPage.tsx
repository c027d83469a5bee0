import { RichTextPage } from './RichTextPage.tsx';

export default function TermsPage() {
  return <RichTextPage setting="Terms" title="Terms" eyebrow="Company" />;
}
