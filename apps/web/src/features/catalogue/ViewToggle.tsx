import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './ViewToggle.module.css';

export type ShopView = 'grid' | 'list';

const OPTIONS = [
  { value: 'grid', label: 'Grid', Icon: IconLayoutGrid },
  { value: 'list', label: 'List', Icon: IconList },
] as const;

/**
 * The shop's grid-or-list choice: two native radio buttons styled as a segmented control. Mantine's
 * SegmentedControl measured its items on mount (a forced layout of the whole page, then a second render) —
 * on a phone that was ~80 ms of the shop's first render at Lighthouse's CPU slowdown (ADR 013).
 */
export function ViewToggle({ value, onChange }: { value: ShopView; onChange: (view: ShopView) => void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="View" className={classes.root}>
      {OPTIONS.map(({ value: v, label, Icon }) => (
        <label key={v} className={classes.option}>
          <input
            type="radio"
            name={name}
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            className={classes.input}
          />
          <Icon size={16} aria-hidden />
          {label}
        </label>
      ))}
    </div>
  );
}
