import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

export default function FrameBuilderPage() {
  return (
    <PlaceholderPage
      eyebrow="Frame Builder"
      title="Frame Creator"
      description="Add a picture, size and crop it, then choose the moulding, mat and glazing — and save or order the frame."
    />
  );
}
