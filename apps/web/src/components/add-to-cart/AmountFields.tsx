import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { FRACTION_OPTIONS } from '@mitrebox/domain';
import { formatCount } from '../../lib/format.ts';
import classes from './AddToCartDialog.module.css';
import type { DialogSelection, fieldMessages } from './selection.ts';

interface AmountFieldsProps {
  sel: DialogSelection;
  boxQty: number;
  /** Feet or pieces asked for (a box order shows the footage it makes). */
  requested: number;
  touched: Record<string, boolean>;
  fieldErrors: ReturnType<typeof fieldMessages>;
  onTouch: (field: string) => void;
  onChange: (next: Partial<DialogSelection>) => void;
  onDimension: (next: Partial<DialogSelection['dimension']>) => void;
}

/** How much to order, by the order type: a length in feet, a quantity (or boxes), and a cut's two sides. */
export function AmountFields({
  sel,
  boxQty,
  requested,
  touched,
  fieldErrors,
  onTouch,
  onChange,
  onDimension,
}: AmountFieldsProps) {
  const cut = sel.type === 'chop' || sel.type === 'join' || sel.type === 'exact';
  return (
    <>
      {sel.type === 'length' ? (
        <TextInput
          label="Length (ft)"
          description="Feet, e.g. 12, 3 1/2 or 3.5"
          autoComplete="off"
          value={sel.length}
          onChange={(e) => onChange({ length: e.currentTarget.value })}
          onBlur={() => onTouch('length')}
          error={touched.length ? fieldErrors.length : null}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          className={classes.typed}
          data-autofocus
        />
      ) : null}

      {sel.type === 'item' || sel.type === 'box' || cut ? (
        <Group align="flex-end" gap="sm">
          <TextInput
            label={sel.type === 'box' ? 'Boxes' : 'Quantity'}
            inputMode="numeric"
            autoComplete="off"
            value={sel.quantity}
            onChange={(e) => onChange({ quantity: e.currentTarget.value })}
            onBlur={() => onTouch('quantity')}
            error={touched.quantity ? fieldErrors.quantity : null}
            className={classes.short}
            data-autofocus
          />
          {sel.type === 'box' ? (
            <Text size="sm" c="dimmed" pb={10}>
              Box of {formatCount(boxQty)} ft · length {formatCount(requested)} ft
            </Text>
          ) : null}
        </Group>
      ) : null}

      {cut ? (
        <Group gap="md" align="flex-start" className={classes.sizes}>
          <SizeInput
            side="Length"
            whole={sel.dimension.length}
            fraction={sel.dimension.length_fraction}
            onWhole={(v) => onDimension({ length: v })}
            onFraction={(v) => onDimension({ length_fraction: v })}
            onBlur={() => onTouch('size')}
            invalid={Boolean(touched.size && fieldErrors.size)}
          />
          <SizeInput
            side="Width"
            whole={sel.dimension.width}
            fraction={sel.dimension.width_fraction}
            onWhole={(v) => onDimension({ width: v })}
            onFraction={(v) => onDimension({ width_fraction: v })}
            onBlur={() => onTouch('size')}
            invalid={Boolean(touched.size && fieldErrors.size)}
          />
        </Group>
      ) : null}
      {cut && touched.size && fieldErrors.size ? (
        <Text size="sm" c="red.7" fw={500} role="alert" mt={-8}>
          {fieldErrors.size}
        </Text>
      ) : null}
    </>
  );
}

function SizeInput(props: {
  side: 'Length' | 'Width';
  whole: string;
  fraction: number;
  onWhole: (v: string) => void;
  onFraction: (v: number) => void;
  onBlur: () => void;
  invalid: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <TextInput
        label={`${props.side} (in)`}
        inputMode="numeric"
        autoComplete="off"
        value={props.whole}
        onChange={(e) => props.onWhole(e.currentTarget.value)}
        onBlur={props.onBlur}
        error={props.invalid}
        w={96}
      />
      <NativeSelect
        label="Fraction"
        aria-label={`${props.side} fraction`}
        value={String(props.fraction)}
        onChange={(e) => props.onFraction(Number(e.currentTarget.value))}
        data={FRACTION_OPTIONS.map((f) => ({ value: String(f.value), label: f.label }))}
        size="md"
        w={92}
      />
    </Group>
  );
}
