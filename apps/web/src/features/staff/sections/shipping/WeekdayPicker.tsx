import { Checkbox, Group } from '@mantine/core';
import { WEEKDAYS } from './shipping-api.ts';

/** Monday to Sunday as checkboxes: the ISO weekdays ticked. */
export function WeekdayPicker(props: {
  label: string;
  value: number[];
  onChange: (days: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Group
      label={props.label}
      error={props.error}
      value={props.value.map(String)}
      onChange={(v) => props.onChange(v.map(Number).sort((a, b) => a - b))}
    >
      <Group gap="sm" mt={6}>
        {WEEKDAYS.map((d) => (
          <Checkbox
            key={d.value}
            value={String(d.value)}
            label={d.short}
            aria-label={d.label}
            disabled={props.disabled}
            size="xs"
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
