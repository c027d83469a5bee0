import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function MyAccountPage() {
  return (
    <PlaceholderPage
      eyebrow="My Account"
      title="My Account"
      description="Your account details, discounts, billing methods and e-mail address."
      bare
    />
  );
}
