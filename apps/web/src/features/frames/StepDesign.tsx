import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  designSizes,
  FILLET_POSITIONS,
  type FilletPosition,
  FRAME_NOTES_MAX,
  type FrameDesign,
  frameLayers,
  frameMessages,
  validateDesign,
} from '@mitrebox/domain';
import { IconPhotoEdit, IconPrinter, IconRuler2, IconShoppingCartPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { ShipBy } from '../../components/ship-by/ShipBy.tsx';
import { useSession } from '../../lib/session.ts';
import classes from './FrameBuilder.module.css';
import { FramePreview } from './FramePreview.tsx';
import type { Quote } from './frames-api.ts';
import { MatSettings } from './MatSettings.tsx';
import { PartCard } from './PartCard.tsx';
import { PricePanel } from './PricePanel.tsx';
import { type DesignPartsByField, type PartSlot, partSizes, whyNotToCart } from './parts.ts';
import { useRefusedSizes } from './SizeInput.tsx';
import { inchesLabel, sizeText } from './size-labels.ts';

interface StepDesignProps {
  design: FrameDesign;
  parts: DesignPartsByField;
  image: { width: number; height: number } | null;
  saved: boolean;
  savedName: string;
  savedId: number | null;
  quote: { data?: Quote; isFetching: boolean; error: Error | null };
  orderType: 'join' | 'chop';
  onOrderType: (t: 'join' | 'chop') => void;
  onChange: (patch: Partial<FrameDesign>) => void;
  onPick: (slot: PartSlot) => void;
  onEditImage: () => void;
  /** Back to the size step (with or without a picture). */
  onEditSize: () => void;
  onAddToCart: () => void;
  adding: boolean;
  onSave: () => void;
  onSaveAs: () => void;
}

interface PreviewColumnProps {
  design: FrameDesign;
  parts: DesignPartsByField;
  image: { width: number; height: number } | null;
  sizes: ReturnType<typeof designSizes>;
  sizeLabel: string;
  saved: boolean;
  savedName: string;
}

/** The preview true to scale, the frame's outside size, whether it is saved, and the picture's size. */
function PreviewColumn({ design, parts, image, sizes: s, sizeLabel, saved, savedName }: PreviewColumnProps) {
  return (
    <Stack gap="xs" className={classes.previewCol}>
      <Paper withBorder radius="md" p="md" className={classes.previewPaper}>
        <FramePreview
          design={design}
          parts={parts}
          image={image}
          label={`Preview of the frame, ${sizeLabel}`}
        />
      </Paper>
      <Group justify="space-between">
        <Text fw={700} data-testid="frame-size">
          {sizeLabel}
        </Text>
        <Badge color={saved ? 'green' : 'gray'} variant="light" data-testid="saved-label">
          {saved ? `Saved${savedName ? `: ${savedName}` : ''}` : 'Not saved'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Picture {sizeText(s.picture)}
        {s.pictures.length > 1 ? ' (each of two)' : ''} · inside of the frame {sizeText(s.inside)}
      </Text>
    </Stack>
  );
}

/** Edit Image, Edit Size, Add to Cart (with why not), Save, Save As and Print. */
function DesignActions(props: StepDesignProps & { mayBuy: boolean; notToCart: string | null }) {
  const { signedIn, account } = useSession();
  const { mayBuy, notToCart, savedId } = props;
  const notToCartId = useId();
  return (
    <>
      <Group gap="xs" className={classes.actions}>
        <Button variant="default" leftSection={<IconPhotoEdit size={18} />} onClick={props.onEditImage}>
          Edit Image
        </Button>
        <Button variant="default" leftSection={<IconRuler2 size={18} />} onClick={props.onEditSize}>
          Edit Size
        </Button>
        {mayBuy ? (
          <Button
            leftSection={<IconShoppingCartPlus size={18} />}
            onClick={props.onAddToCart}
            loading={props.adding}
            disabled={notToCart !== null}
            aria-describedby={notToCart ? notToCartId : undefined}
          >
            Add to Cart
          </Button>
        ) : null}
        {signedIn ? (
          <Button variant="light" onClick={props.onSave}>
            Save
          </Button>
        ) : null}
        {signedIn && savedId ? (
          <Button variant="light" onClick={props.onSaveAs}>
            Save As
          </Button>
        ) : null}
        <Button variant="subtle" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      {mayBuy && notToCart ? (
        <Text size="sm" id={notToCartId} data-testid="add-to-cart-reason">
          Add to Cart is not available: {notToCart}
        </Text>
      ) : null}
      {/* a frame is made in the account's own warehouse: when it would ship from there */}
      {mayBuy ? <ShipBy locations={[account?.Location]} compact /> : null}
    </>
  );
}

/** Step 3: the preview true to scale, a card per part with its settings, the price, save and order. */
export function StepDesign(props: StepDesignProps) {
  const { design, parts, saved, savedName, quote, onChange } = props;
  const { signedIn, mayOrder } = useSession();
  const sizes = partSizes(design, parts);
  const layers = frameLayers(design, sizes);
  const errors = validateDesign(design, sizes);
  const s = designSizes(design, sizes);
  const refusedBorders = useRefusedSizes();
  const sizeLabel = `${inchesLabel(layers.width)} x ${inchesLabel(layers.height)}`;
  const lower = design.lowerMats ?? [];

  const anyPart = Boolean(
    design.moulding || design.innerMoulding || design.fillet || design.mat || lower.length || design.glass,
  );
  const mayBuy = mayOrder;
  const notToCart = whyNotToCart({
    anyPart,
    errors,
    quote: quote.data,
    refused: refusedBorders.any ? `Mat: ${frameMessages.sizeFormat}` : null,
    mats: design.mat ? lower.length + 1 : 0,
  });
  return (
    <div className={classes.designGrid}>
      <PreviewColumn
        design={design}
        parts={parts}
        image={props.image}
        sizes={s}
        sizeLabel={sizeLabel}
        saved={saved}
        savedName={savedName}
      />

      <Stack gap="sm" className={classes.controlsCol}>
        <PartCard
          slot="moulding"
          testId="card-moulding"
          code={design.moulding}
          part={parts.moulding}
          error={errors.moulding}
          onPick={props.onPick}
          onRemove={() => onChange({ moulding: null })}
        />
        <PartCard
          slot="innerMoulding"
          testId="card-innerMoulding"
          code={design.innerMoulding}
          part={parts.innerMoulding}
          error={errors.innerMoulding}
          hint="None: a liner or a second moulding inside the frame"
          onPick={props.onPick}
          onRemove={() => onChange({ innerMoulding: null })}
        />
        <PartCard
          slot="fillet"
          testId="card-fillet"
          code={design.fillet?.code}
          part={parts.fillet}
          error={errors.fillet}
          hint="None: a thin moulding lining the frame or the mat opening"
          onPick={props.onPick}
          onRemove={() => onChange({ fillet: null })}
        >
          {design.fillet ? (
            <NativeSelect
              mt="xs"
              label="Fillet position"
              value={design.fillet.position}
              onChange={(e) =>
                design.fillet &&
                onChange({
                  fillet: { ...design.fillet, position: e.currentTarget.value as FilletPosition },
                })
              }
              data={FILLET_POSITIONS.map((o) => ({ value: o.value, label: o.label }))}
            />
          ) : null}
        </PartCard>
        <PartCard
          slot="mat"
          testId="card-mat"
          code={design.mat}
          part={parts.mat}
          error={errors.mat}
          onPick={props.onPick}
          onRemove={() =>
            // the mats under it and a fillet in its opening go with it
            onChange({
              mat: null,
              lowerMats: [],
              matOpening: 'rectangle',
              ...(design.fillet?.position === 'mat'
                ? { fillet: { ...design.fillet, position: 'frame' } }
                : {}),
            })
          }
        >
          {design.mat ? (
            <MatSettings
              design={design}
              parts={parts}
              errors={errors}
              sizes={s}
              onChange={onChange}
              onPick={props.onPick}
              onRefused={refusedBorders.report}
            />
          ) : null}
        </PartCard>
        <PartCard
          slot="glass"
          testId="card-glass"
          code={design.glass}
          part={parts.glass}
          error={errors.glass}
          onPick={props.onPick}
          onRemove={() => onChange({ glass: null })}
        />

        {signedIn ? (
          <PricePanel
            hasMoulding={Boolean(design.moulding)}
            anyPart={anyPart}
            quote={quote}
            orderType={props.orderType}
            onOrderType={props.onOrderType}
          />
        ) : (
          <Alert color="gray">
            Sign in to see your price and stock, save the design and add it to your cart.
          </Alert>
        )}

        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxLength={FRAME_NOTES_MAX}
          value={design.notes}
          onChange={(e) => onChange({ notes: e.currentTarget.value })}
        />

        <DesignActions {...props} mayBuy={mayBuy} notToCart={notToCart} />
      </Stack>
    </div>
  );
}
