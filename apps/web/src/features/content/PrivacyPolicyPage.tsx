import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function PrivacyPolicyPage() {
  return (
    <PlaceholderPage
      eyebrow="Company"
      title="Privacy Policy"
      description="How we collect, use and protect your information."
    />
  );
}
