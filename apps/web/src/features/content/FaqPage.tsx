import { RichTextPage } from './RichTextPage.tsx';

export default function FaqPage() {
  return <RichTextPage setting="faq" title="FAQ" eyebrow="Help" />;
}
