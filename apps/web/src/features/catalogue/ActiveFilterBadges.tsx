import { Button, CloseButton } from '@mantine/core';
import classes from './ShopPage.module.css';
import type { ActiveFilter, ShopState } from './shop-filters.ts';

/** The active filters as badges, each removable, and Clear all; nothing when no filter is on. */
export function ActiveFilterBadges(props: {
  badges: ActiveFilter[];
  state: ShopState;
  onChange: (next: ShopState) => void;
  onClear: () => void;
}) {
  if (props.badges.length === 0) return null;
  return (
    <ul className={classes.badges} aria-label="Active filters">
      {props.badges.map((b) => (
        <li key={b.key}>
          <FilterBadge badge={b} onRemove={() => props.onChange(b.remove(props.state))} />
        </li>
      ))}
      <li>
        <Button variant="subtle" size="compact-sm" onClick={props.onClear} className={classes.clearAll}>
          Clear all
        </Button>
      </li>
    </ul>
  );
}

function FilterBadge({ badge, onRemove }: { badge: ActiveFilter; onRemove: () => void }) {
  return (
    <span className={classes.badge} data-testid="filter-badge">
      <span className={classes.badgeGroup}>{badge.group}</span>
      <span className={classes.badgeLabel}>{badge.label}</span>
      <CloseButton
        size="sm"
        className={classes.badgeRemove}
        aria-label={`Remove filter ${badge.group}: ${badge.label}`}
        onClick={onRemove}
      />
    </span>
  );
}
