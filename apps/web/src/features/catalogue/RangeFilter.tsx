import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import classes from './FilterPanel.module.css';
import {
  composeSize,
  FRACTION_SELECT_DATA,
  RANGE_LABELS,
  type RangeKey,
  type SizeRange,
  splitSize,
} from './shop-filters.ts';

interface EndInput {
  whole: string;
  fraction: number;
}

const fromText = (text: string): EndInput => splitSize(text);

/**
 * One size range of the sidebar (storefront §5 Width filter): 'from' and 'to', each whole inches (digits only)
 * and a fraction in sixteenths. 'To' left empty means exactly 'from'. Applied with the button or Enter.
 */
export function RangeFilter({
  name,
  value,
  onApply,
}: {
  name: RangeKey;
  value: SizeRange;
  onApply: (range: SizeRange) => void;
}) {
  const label = RANGE_LABELS[name];
  const hintId = useId();
  const [from, setFrom] = useState<EndInput>(() => fromText(value.from));
  const [to, setTo] = useState<EndInput>(() => fromText(value.to));

  // The URL changed (a badge removed, Back): show what applies.
  useEffect(() => {
    setFrom(fromText(value.from));
    setTo(fromText(value.to));
  }, [value.from, value.to]);

  const next: SizeRange = {
    from: composeSize(from.whole, from.fraction),
    to: composeSize(to.whole, to.fraction),
  };
  const changed = next.from !== value.from || next.to !== value.to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // 'to' alone reads as 'up to'; 'from' alone is an exact size
    onApply(next);
  };

  const end = (which: 'from' | 'to', state: EndInput, set: (v: EndInput) => void) => (
    <div className={classes.rangeEnd}>
      <Text component="span" className={classes.rangeLabel} aria-hidden>
        {which === 'from' ? 'From' : 'To'}
      </Text>
      <TextInput
        size="sm"
        className={classes.rangeWhole}
        aria-label={`${label} ${which}, whole inches`}
        aria-describedby={hintId}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={3}
        placeholder="in"
        value={state.whole}
        onChange={(e) => set({ ...state, whole: e.currentTarget.value.replace(/\D/g, '') })}
      />
      <Select
        size="sm"
        className={classes.rangeFraction}
        aria-label={`${label} ${which}, fraction of an inch`}
        data={FRACTION_SELECT_DATA}
        value={String(state.fraction)}
        onChange={(v) => set({ ...state, fraction: Number(v ?? 0) })}
        allowDeselect={false}
        withCheckIcon={false}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={220}
      />
    </div>
  );

  return (
    <form onSubmit={submit} className={classes.range} aria-label={`${label} range`}>
      {end('from', from, setFrom)}
      {end('to', to, setTo)}
      <Group justify="space-between" gap="xs" wrap="nowrap" mt={2}>
        <Text id={hintId} size="xs" c="dimmed" className={classes.rangeHint}>
          Leave “To” empty for one exact size.
        </Text>
        <Button
          type="submit"
          size="compact-sm"
          variant={changed ? 'filled' : 'light'}
          disabled={!changed}
          className={classes.rangeApply}
        >
          Apply
        </Button>
      </Group>
    </form>
  );
}
