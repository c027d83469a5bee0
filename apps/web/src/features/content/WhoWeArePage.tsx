import { RichTextPage } from './RichTextPage.tsx';

export default function WhoWeArePage() {
  return <RichTextPage setting="who_we_are" title="Who We Are" eyebrow="Company" />;
}
