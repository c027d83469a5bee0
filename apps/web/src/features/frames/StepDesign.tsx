import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  designSizes,
  FILLET_POSITIONS,
  type FilletPosition,
  FRAME_NOTES_MAX,
  type FrameDesign,
  formatInches,
  formatSixteenths,
  frameLayers,
  frameMessages,
  lockMat,
  MAT_GAP_MAX,
  MAT_MAX_BORDER,
  MAT_OPENING_SHAPES,
  MAT_OPENINGS,
  MAT_REVEALS,
  MAX_LOWER_MATS,
  type MatOpeningShape,
  SIXTEENTHS,
  setMatBorder,
  validateDesign,
} from '@mitrebox/domain';
import { IconPhotoEdit, IconPlus, IconPrinter, IconRuler2, IconShoppingCartPlus } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { ProductImage } from '../../components/ProductImage.tsx';
import { useSession } from '../../lib/session.ts';
import classes from './FrameBuilder.module.css';
import { FramePreview } from './FramePreview.tsx';
import type { Quote } from './frames-api.ts';
import { PricePanel } from './PricePanel.tsx';
import {
  type DesignPartsByField,
  matName,
  type PartSlot,
  partSizes,
  SLOT_TITLE,
  whyNotToCart,
} from './parts.ts';
import { SecondPicture } from './SecondPicture.tsx';
import { SizeInput, useRefusedSizes } from './SizeInput.tsx';

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

export const inchesLabel = (inches: number) => `${formatInches(inches)}"`;

const sixteenthsLabel = (s: number) => `${formatSixteenths(s)}"`;
const sizeText = (s: { width: number; height: number }) =>
  `${sixteenthsLabel(s.width)} x ${sixteenthsLabel(s.height)}`;

interface PartCardProps {
  slot: PartSlot;
  /** How many mats the design has (names a lower mat Middle or Bottom). */
  mats?: number;
  testId: string;
  code: string | null | undefined;
  part: DesignPartsByField[string];
  error?: string;
  /** What the part is for, shown while none is chosen. */
  hint?: string;
  onPick: (slot: PartSlot) => void;
  onRemove: () => void;
  children?: ReactNode;
}

/** One part of the design: its picture, item # and name, Select and Remove, and its own settings below. */
function PartCard({
  slot,
  mats,
  testId,
  code,
  part,
  error,
  hint,
  onPick,
  onRemove,
  children,
}: PartCardProps) {
  const title = SLOT_TITLE(slot, mats);
  return (
    <Paper withBorder p="sm" radius="md" className={classes.partSlot} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <div className={classes.partThumb}>
            {part ? (
              <ProductImage src={part.image} alt="" size={120} />
            ) : (
              <div className={classes.partEmpty} />
            )}
          </div>
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {title}
            </Text>
            {code ? (
              <>
                <Text fw={700}>{code}</Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {part?.display_name ?? ''}
                  {part?.FrameType === 'MOULDING' && part.width_display
                    ? ` · ${part.width_display}" wide`
                    : ''}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {hint ?? 'None'}
              </Text>
            )}
            {error ? (
              <Text size="sm" c="red.8">
                {error}
              </Text>
            ) : null}
          </div>
        </Group>
        <Stack gap={4}>
          <Button size="xs" onClick={() => onPick(slot)} aria-label={`Select ${title}`}>
            Select
          </Button>
          {code ? (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${title}`}>
              Remove
            </Button>
          ) : null}
        </Stack>
      </Group>
      {children}
    </Paper>
  );
}

/** Step 3: the preview true to scale, a card per part with its settings, the price, save and order. */
export function StepDesign(props: StepDesignProps) {
  const { design, parts, saved, savedName, savedId, quote, onChange } = props;
  const { signedIn, purchaseBlocked } = useSession();
  const sizes = partSizes(design, parts);
  const layers = frameLayers(design, sizes);
  const errors = validateDesign(design, sizes);
  const s = designSizes(design, sizes);
  const refusedBorders = useRefusedSizes();
  const notToCartId = useId();
  const sizeLabel = `${inchesLabel(layers.width)} x ${inchesLabel(layers.height)}`;
  const lower = design.lowerMats ?? [];
  const gap = design.matGap ?? 16;

  const setLower = (i: number, patch: Partial<{ code: string; reveal: number }> | null) =>
    onChange({
      lowerMats:
        patch === null
          ? lower.filter((_, k) => k !== i)
          : lower.map((m, k) => (k === i ? { ...m, ...patch } : m)),
    });

  const matSettings = (
    <Stack gap="xs" mt="sm">
      <Group gap="md" align="flex-start" wrap="wrap">
        <SizeInput
          label="Top / bottom"
          whole={design.matTB}
          frac={design.matTBFrac}
          max={MAT_MAX_BORDER}
          onChange={(w, f) => onChange(setMatBorder(design, 'TB', w, f))}
          onRefused={refusedBorders.report}
          error={errors.matTB}
          testId="mat-tb"
        />
        <SizeInput
          label="Left / right"
          whole={design.matLR}
          frac={design.matLRFrac}
          max={MAT_MAX_BORDER}
          onChange={(w, f) => onChange(setMatBorder(design, 'LR', w, f))}
          onRefused={refusedBorders.report}
          error={errors.matLR}
          testId="mat-lr"
        />
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Checkbox
          label="Lock"
          checked={design.matLock}
          onChange={(e) => onChange(lockMat(design, e.currentTarget.checked))}
        />
        <NativeSelect
          label="Mat opening"
          value={String(design.matOverlap)}
          onChange={(e) => onChange({ matOverlap: Number(e.currentTarget.value) })}
          data={MAT_OPENINGS.map((o) => ({ value: String(o.value), label: o.label }))}
          error={errors.matOverlap}
        />
        <NativeSelect
          label="Opening shape"
          value={design.matOpening ?? 'rectangle'}
          onChange={(e) => {
            const matOpening = e.currentTarget.value as MatOpeningShape;
            // one opening has no right-hand picture: it is let go rather than kept out of sight
            onChange(matOpening === 'double' ? { matOpening } : { matOpening, file2: null });
          }}
          data={MAT_OPENING_SHAPES.map((o) => ({ value: o.value, label: o.label }))}
          error={errors.matOpening}
        />
      </Group>
      {design.matOpening === 'double' ? (
        <>
          <SizeInput
            label="Gap between the openings"
            whole={Math.floor(gap / SIXTEENTHS)}
            frac={gap % SIXTEENTHS}
            max={MAT_GAP_MAX / SIXTEENTHS}
            onChange={(w, f) => onChange({ matGap: w * SIXTEENTHS + f })}
            onRefused={refusedBorders.report}
            error={errors.matGap}
            testId="mat-gap"
          />
          <SecondPicture file={design.file2 ?? null} onChange={(file2) => onChange({ file2 })} />
        </>
      ) : null}
      {lower.map((m, i) => {
        const slot = { lowerMat: i } as const;
        const name = matName(i + 1, lower.length + 1);
        return (
          <PartCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a mat under the top mat is its layer (middle, bottom)
            key={`${i}-${m.code}`}
            slot={slot}
            testId={`card-lowerMat-${i}`}
            mats={lower.length + 1}
            code={m.code}
            part={parts[`lowerMats.${i}`]}
            error={errors[`lowerMats.${i}`]}
            onPick={props.onPick}
            onRemove={() => setLower(i, null)}
          >
            <NativeSelect
              mt="xs"
              label="Reveal"
              aria-label={`Reveal of the ${name.toLowerCase()}`}
              description="How much of it shows inside the mat above"
              value={String(m.reveal)}
              onChange={(e) => setLower(i, { reveal: Number(e.currentTarget.value) })}
              data={MAT_REVEALS.map((r) => ({ value: String(r.value), label: r.label }))}
            />
          </PartCard>
        );
      })}
      {errors.lowerMats ? (
        <Text size="sm" c="red.8">
          {errors.lowerMats}
        </Text>
      ) : null}
      {lower.length < MAX_LOWER_MATS ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => props.onPick({ lowerMat: 'new' })}
          aria-label="Add a mat below"
        >
          Add a mat below
        </Button>
      ) : null}
      <Stack gap={0} data-testid="mat-sizes">
        {s.mats.map((m, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a mat is its layer (top, middle, bottom)
          <Text size="xs" c="dimmed" key={`${k}-${m.code}`}>
            {s.mats.length > 1 ? `${matName(k, s.mats.length)}: ` : ''}
            {m.windows.length > 1 ? 'openings 2 of ' : 'opening '}
            {sizeText(m.window)}
            {m.reveal ? ` (${sixteenthsLabel(m.reveal)} reveal)` : ''} · board {sizeText(m.outer)}
          </Text>
        ))}
      </Stack>
    </Stack>
  );

  const anyPart = Boolean(
    design.moulding || design.innerMoulding || design.fillet || design.mat || lower.length || design.glass,
  );
  const mayBuy = signedIn && !purchaseBlocked;
  const notToCart = whyNotToCart({
    anyPart,
    errors,
    quote: quote.data,
    refused: refusedBorders.any ? `Mat: ${frameMessages.sizeFormat}` : null,
    mats: design.mat ? lower.length + 1 : 0,
  });
  return (
    <div className={classes.designGrid}>
      <Stack gap="xs" className={classes.previewCol}>
        <Paper withBorder radius="md" p="md" className={classes.previewPaper}>
          <FramePreview
            design={design}
            parts={parts}
            image={props.image}
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
          {design.mat ? matSettings : null}
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
      </Stack>
    </div>
  );
}
