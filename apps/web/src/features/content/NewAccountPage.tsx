import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function NewAccountPage() {
  return (
    <PlaceholderPage
      eyebrow="Trade accounts"
      title="New Account"
      description="Download the trade account application, fill it in and e-mail it to our orders desk."
    />
  );
}
