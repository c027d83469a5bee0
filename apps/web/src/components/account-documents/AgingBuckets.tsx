import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type AgingBucket,
  formatMoney,
  money,
  OVERDUE_60_BUCKETS,
} from '@mitrebox/domain';
import { cx } from '../../lib/cx.ts';
import classes from './AgingBuckets.module.css';

/** Dollars; a negative amount (a credit) in parentheses. */
const usd = (value: string) =>
  money(value).lt(0) ? `($${formatMoney(money(value).abs())})` : `$${formatMoney(value)}`;

/**
 * The statement's aging at a glance: current, 1–30, 31–60, 61–90 and over 90 days past due, the open credits and
 * the total due, as a list of figures (a screen reader reads each label with its amount). What is more than 60
 * days past due is marked when there is any.
 */
export function AgingBuckets({
  buckets,
  creditsOpen,
  totalDue,
  label = 'Aging of the balance',
}: {
  buckets: Record<AgingBucket, string>;
  creditsOpen: string;
  totalDue: string;
  label?: string;
}) {
  const late = (b: AgingBucket) => OVERDUE_60_BUCKETS.includes(b) && money(buckets[b]).gt(0);
  return (
    <dl className={classes.row} aria-label={label} data-testid="aging-buckets">
      {AGING_BUCKETS.map((b) => (
        <div key={b} className={cx(classes.figure, late(b) && classes.late)} data-bucket={b}>
          <dt className={classes.label}>{AGING_BUCKET_LABELS[b]}</dt>
          <dd className={classes.value}>{usd(buckets[b])}</dd>
        </div>
      ))}
      <div className={classes.figure}>
        <dt className={classes.label}>Open credits</dt>
        <dd className={classes.value}>{usd(money(creditsOpen).neg().toFixed(2))}</dd>
      </div>
      <div className={cx(classes.figure, classes.total)}>
        <dt className={classes.label}>Total due</dt>
        <dd className={classes.value} data-testid="statement-total-due">
          {usd(totalDue)}
        </dd>
      </div>
    </dl>
  );
}
