import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function ContactUsPage() {
  return (
    <PlaceholderPage
      eyebrow="Company"
      title="Contact Us"
      description="Send customer service a message and we will get back to you soon."
    />
  );
}
