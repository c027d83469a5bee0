import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { DesignPart } from '@mitrebox/api-contract';
import {
  cleanBorderInches,
  FRAME_NOTES_MAX,
  type FrameDesign,
  formatInches,
  formatMoney,
  formatSixteenths,
  frameLayers,
  lockMat,
  MAT_OPENINGS,
  matTotals,
  setMatBorder,
  validateDesign,
} from '@mitrebox/domain';
import { IconPhotoEdit, IconPrinter, IconShoppingCartPlus } from '@tabler/icons-react';
import { ProductImage } from '../../components/ProductImage.tsx';
import { useSession } from '../../lib/session.ts';
import classes from './FrameBuilder.module.css';
import { FramePreview } from './FramePreview.tsx';
import type { Quote } from './frames-api.ts';
import { PART_TITLE, type PartKind } from './PartPicker.tsx';
import { SizeInput } from './SizeInput.tsx';

interface StepDesignProps {
  design: FrameDesign;
  parts: Partial<Record<PartKind, DesignPart>>;
  image: { width: number; height: number } | null;
  saved: boolean;
  savedName: string;
  savedId: number | null;
  quote: { data?: Quote; isFetching: boolean; error: Error | null };
  orderType: 'join' | 'chop';
  onOrderType: (t: 'join' | 'chop') => void;
  onChange: (patch: Partial<FrameDesign>) => void;
  onPick: (kind: PartKind) => void;
  onEditImage: () => void;
  onAddToCart: () => void;
  adding: boolean;
  onSave: () => void;
  onSaveAs: () => void;
}

export const inchesLabel = (inches: number) => `${formatInches(inches)}"`;

/** Step 3: the preview true to scale, the Frame / Mat / Glazing cards, mat borders, price, save and order. */
export function StepDesign(props: StepDesignProps) {
  const { design, parts, saved, savedName, savedId, quote, onChange } = props;
  const { signedIn, purchaseBlocked } = useSession();
  const layers = frameLayers(design, { mouldingWidth: parts.moulding?.Width ?? null });
  const errors = validateDesign(design, {
    mouldingWidth: parts.moulding?.Width ?? null,
    matSheet: parts.mat?.sheet ?? null,
    glassSheet: parts.glass?.sheet ?? null,
  });
  const t = matTotals(design);
  const sizeLabel = `${inchesLabel(layers.width)} x ${inchesLabel(layers.height)}`;

  const card = (kind: PartKind) => {
    const p = parts[kind];
    const code = design[kind];
    return (
      <Paper withBorder p="sm" radius="md" className={classes.partSlot} data-testid={`card-${kind}`}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <div className={classes.partThumb}>
              {p ? <ProductImage src={p.image} alt="" size={120} /> : <div className={classes.partEmpty} />}
            </div>
            <div>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {PART_TITLE[kind]}
              </Text>
              {code ? (
                <>
                  <Text fw={700}>{code}</Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {p?.display_name ?? ''}
                    {kind === 'moulding' && p?.width_display ? ` · ${p.width_display}" wide` : ''}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  None
                </Text>
              )}
              {errors[kind] ? (
                <Text size="sm" c="red.8">
                  {errors[kind]}
                </Text>
              ) : null}
            </div>
          </Group>
          <Stack gap={4}>
            <Button size="xs" onClick={() => props.onPick(kind)} aria-label={`Select ${PART_TITLE[kind]}`}>
              Select
            </Button>
            {code ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onChange({ [kind]: null })}
                aria-label={`Remove ${PART_TITLE[kind]}`}
              >
                Remove
              </Button>
            ) : null}
          </Stack>
        </Group>
        {kind === 'mat' && code ? (
          <Stack gap="xs" mt="sm">
            <Group gap="md" align="flex-end" wrap="wrap">
              <SizeInput
                label="Top / bottom"
                whole={design.matTB}
                frac={design.matTBFrac}
                clean={cleanBorderInches}
                onChange={(w, f) => onChange(setMatBorder(design, 'TB', w, f))}
                error={errors.matTB}
                testId="mat-tb"
              />
              <SizeInput
                label="Left / right"
                whole={design.matLR}
                frac={design.matLRFrac}
                clean={cleanBorderInches}
                onChange={(w, f) => onChange(setMatBorder(design, 'LR', w, f))}
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
            </Group>
            <Text size="xs" c="dimmed">
              Opening {formatSixteenths(t.openingWidth)}" x {formatSixteenths(t.openingHeight)}" · mat{' '}
              {formatSixteenths(t.outerWidth)}" x {formatSixteenths(t.outerHeight)}"
            </Text>
          </Stack>
        ) : null}
      </Paper>
    );
  };

  const anyPart = Boolean(design.moulding || design.mat || design.glass);
  const mayBuy = signedIn && !purchaseBlocked;
  return (
    <div className={classes.designGrid}>
      <Stack gap="xs" className={classes.previewCol}>
        <Paper withBorder radius="md" p="md" className={classes.previewPaper}>
          <FramePreview
            design={design}
            moulding={parts.moulding ?? null}
            mat={parts.mat ?? null}
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
          Picture {formatSixteenths(t.artWidth)}" x {formatSixteenths(t.artHeight)}"
        </Text>
      </Stack>

      <Stack gap="sm" className={classes.controlsCol}>
        {card('moulding')}
        {card('mat')}
        {card('glass')}

        {signedIn ? (
          <Paper withBorder p="sm" radius="md" data-testid="price-panel">
            <Group justify="space-between" mb={6}>
              <Title order={2} size="h4">
                Your price
              </Title>
              {design.moulding ? (
                <SegmentedControl
                  size="xs"
                  aria-label="Moulding order type"
                  value={props.orderType}
                  onChange={(v) => props.onOrderType(v as 'join' | 'chop')}
                  data={[
                    { value: 'join', label: 'Join' },
                    { value: 'chop', label: 'Chop' },
                  ]}
                />
              ) : null}
            </Group>
            {!anyPart ? (
              <Text size="sm" c="dimmed">
                Select a frame, mat or glazing to see your price and stock.
              </Text>
            ) : quote.error ? (
              <Text size="sm" c="red.8">
                {quote.error.message}
              </Text>
            ) : quote.data ? (
              <Stack gap={4}>
                <Table fz="sm" verticalSpacing={4} className={classes.priceTable}>
                  <Table.Tbody>
                    {quote.data.data.map((l) => (
                      <Table.Tr key={l.part}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {PART_TITLE[l.part]} {l.Code}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {l.item
                              ? l.item.calc.unit === 'ft'
                                ? `${l.item.calc.footage} ft × $${formatMoney(l.item.calc.unitPrice)}${Number(l.item.calc.joinFee) > 0 ? ` + join fee $${formatMoney(l.item.calc.joinFee)}` : ''}`
                                : `1 × $${formatMoney(l.item.calc.unitPrice)}`
                              : l.message}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {l.stock.map((s) => `${s.Name} ${s.available}`).join(' · ')}
                          </Text>
                          {l.item?.stockState === 2 ? (
                            <Badge size="xs" color="orange" variant="light">
                              Back-ordered
                            </Badge>
                          ) : null}
                        </Table.Td>
                        <Table.Td ta="right" valign="top">
                          {l.item ? `$${formatMoney(l.item.calc.totalPrice)}` : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    {quote.data.builderFeet ? `Moulding for this frame: ${quote.data.builderFeet} ft` : ''}
                  </Text>
                  <Text fw={800} data-testid="frame-total">
                    Total ${formatMoney(quote.data.total)}
                  </Text>
                </Group>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Working out your price…
              </Text>
            )}
          </Paper>
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
          {mayBuy ? (
            <Button
              leftSection={<IconShoppingCartPlus size={18} />}
              onClick={props.onAddToCart}
              loading={props.adding}
              disabled={!anyPart || Object.keys(errors).length > 0}
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
      </Stack>
    </div>
  );
}
