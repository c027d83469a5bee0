import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function FaqPage() {
  return (
    <PlaceholderPage eyebrow="Help" title="FAQ" description="Answers to the questions customers ask most." />
  );
}
