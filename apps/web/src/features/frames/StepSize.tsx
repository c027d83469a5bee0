import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  CROP_PX_PER_INCH,
  FRAME_MAX_INCHES,
  type FrameDesign,
  IMAGE_BOX_MAX_PX,
  IMAGE_BOX_MIN_PX,
  SIXTEENTHS,
  validateDesign,
} from '@mitrebox/domain';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { cropOfArea } from './crop.ts';
import classes from './FrameBuilder.module.css';
import { artworkUrl } from './frames-api.ts';
import { SizeInput, useRefusedSizes } from './SizeInput.tsx';

interface StepSizeProps {
  design: FrameDesign;
  image: { width: number; height: number } | null;
  onChange: (patch: Partial<FrameDesign>) => void;
  onBack: () => void;
  onNext: () => void;
}

/** The crop box: 6 px an inch, its longer side at most 250 px and its shorter at least 100 px (§9). */
export function cropBox(widthIn: number, heightIn: number) {
  let w = Math.max(1, widthIn) * CROP_PX_PER_INCH;
  let h = Math.max(1, heightIn) * CROP_PX_PER_INCH;
  const down = IMAGE_BOX_MAX_PX / Math.max(w, h);
  if (down < 1) [w, h] = [w * down, h * down];
  const up = IMAGE_BOX_MIN_PX / Math.min(w, h);
  if (up > 1) [w, h] = [w * up, h * up];
  return { width: Math.round(w), height: Math.round(h) };
}

/** Step 2: the picture's size in inches and sixteenths (max 90), and the crop at that aspect. */
export function StepSize({ design, image, onChange, onBack, onNext }: StepSizeProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const errors = validateDesign(design);
  const refused = useRefusedSizes();
  const w = (design.fWidth * SIXTEENTHS + design.fWidthFrac) / SIXTEENTHS;
  const h = (design.fHeight * SIXTEENTHS + design.fHeightFrac) / SIXTEENTHS;
  const box = cropBox(w, h);
  const href = artworkUrl(design.file);

  return (
    <Stack gap="lg">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <SizeInput
          label="Width"
          whole={design.fWidth}
          frac={design.fWidthFrac}
          max={FRAME_MAX_INCHES}
          onChange={(fWidth, fWidthFrac) => onChange({ fWidth, fWidthFrac })}
          onRefused={refused.report}
          error={errors.fWidth}
          testId="frame-width"
        />
        <SizeInput
          label="Height"
          whole={design.fHeight}
          frac={design.fHeightFrac}
          max={FRAME_MAX_INCHES}
          onChange={(fHeight, fHeightFrac) => onChange({ fHeight, fHeightFrac })}
          onRefused={refused.report}
          error={errors.fHeight}
          testId="frame-height"
        />
      </Group>
      <Text size="sm" c="dimmed">
        The size of the picture in inches and sixteenths (16 1/2, 16.5), at most 90 each way.
        {href && image ? ' Drag the picture to crop it; scroll or pinch to zoom.' : ''}
      </Text>
      {href && image && w > 0 && h > 0 ? (
        <div
          className={classes.cropArea}
          style={{ width: box.width + 80, height: box.height + 80 }}
          data-testid="crop-area"
        >
          <Cropper
            image={href}
            crop={crop}
            zoom={zoom}
            aspect={w / h}
            cropSize={box}
            objectFit="cover"
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(area: Area) => onChange({ crop: cropOfArea(area) })}
          />
        </div>
      ) : (
        <Alert color="gray">No picture: the frame is drawn around a plain board of this size.</Alert>
      )}
      <Group>
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext} disabled={Boolean(errors.fWidth || errors.fHeight) || refused.any}>
          Next: frame, mat and glazing
        </Button>
      </Group>
    </Stack>
  );
}
