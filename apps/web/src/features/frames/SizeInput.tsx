import { Group, NativeSelect, TextInput } from '@mantine/core';
import { FRACTION_OPTIONS } from '@mitrebox/domain';
import classes from './FrameBuilder.module.css';

interface SizeInputProps {
  label: string;
  whole: number;
  frac: number;
  clean: (text: string) => string;
  onChange: (whole: number, frac: number) => void;
  error?: string | null;
  testId?: string;
}

const FRACTIONS = FRACTION_OPTIONS.map((o) => ({
  value: String(o.value),
  label: o.label === '0' ? '—' : o.label,
}));

/** Whole inches (digits only, cleaned as typed) and a fraction in sixteenths. */
export function SizeInput({ label, whole, frac, clean, onChange, error, testId }: SizeInputProps) {
  return (
    <Group gap={6} align="flex-start" wrap="nowrap" className={classes.sizeInput}>
      <TextInput
        label={label}
        inputMode="numeric"
        value={whole === 0 && frac === 0 ? '' : String(whole)}
        onChange={(e) => {
          const text = clean(e.currentTarget.value);
          onChange(text === '' ? 0 : Number(text), frac);
        }}
        error={error}
        w={96}
        data-testid={testId}
        rightSection={<span aria-hidden>in</span>}
      />
      <NativeSelect
        aria-label={`${label} fraction`}
        mt={24}
        value={String(frac)}
        onChange={(e) => onChange(whole, Number(e.currentTarget.value))}
        data={FRACTIONS}
        w={92}
        data-testid={testId ? `${testId}-frac` : undefined}
      />
    </Group>
  );
}
