import { Checkbox, Group } from '@mantine/core';
import { ACCOUNT_RIGHTS, type AccountRight, type AccountRights, effectiveRights } from '@mitrebox/domain';
import classes from './ColleaguesPage.module.css';

export const RIGHT_LABELS: Record<AccountRight, string> = {
  order: 'Order',
  pay: 'Pay',
  prices: 'See prices',
  manage: 'Manage users',
};

const RIGHT_HINTS: Record<AccountRight, string> = {
  order: 'Cart, Frame Creator and placing orders',
  pay: 'Invoices, payments and saved cards',
  prices: 'Net prices, orders and invoices',
  manage: 'Colleagues and their rights',
};

/** Why a right not ticked applies all the same: the ticked right that brings it. */
function impliedBy(value: AccountRights): string {
  if (value.manage) return 'comes with Manage users';
  return `comes with ${[value.order ? 'Order' : null, value.pay ? 'Pay' : null].filter(Boolean).join(' and ')}`;
}

/** The rights a user has as words: "Order, See prices". */
export function rightsText(ticked: AccountRights): string {
  const applied = effectiveRights(ticked);
  const names = ACCOUNT_RIGHTS.filter((r) => applied[r]).map((r) => RIGHT_LABELS[r]);
  return names.length > 0 ? names.join(', ') : 'No rights';
}

/**
 * The four rights as checkboxes in a fieldset named by `legend`. A right another one brings with it (ordering and
 * paying show prices, managing users is every right) is shown ticked and cannot be unticked on its own.
 */
export function RightsChecks({
  legend,
  value,
  onChange,
  disabled = false,
  hints = false,
}: {
  legend: string;
  value: AccountRights;
  onChange?: (next: AccountRights) => void;
  disabled?: boolean;
  /** Show what each right covers under its label (the invitation form). */
  hints?: boolean;
}) {
  const applied = effectiveRights(value);
  return (
    <fieldset className={classes.rights} disabled={disabled}>
      <legend className={classes.rightsLegend}>{legend}</legend>
      <Group gap="md" wrap="wrap">
        {ACCOUNT_RIGHTS.map((right) => {
          const implied = applied[right] && !value[right];
          return (
            <Checkbox
              key={right}
              label={RIGHT_LABELS[right]}
              description={hints ? RIGHT_HINTS[right] : implied ? impliedBy(value) : undefined}
              checked={applied[right]}
              disabled={disabled || implied || !onChange}
              onChange={(e) => onChange?.({ ...value, [right]: e.currentTarget.checked })}
              className={classes.right}
            />
          );
        })}
      </Group>
    </fieldset>
  );
}
