import { RichTextPage } from './RichTextPage.tsx';

export default function PrivacyPolicyPage() {
  return <RichTextPage setting="Policy" title="Privacy Policy" eyebrow="Company" />;
}
