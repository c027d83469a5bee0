import { Box } from '@mantine/core';
import { formatMoney, type PricedLine } from '@mitrebox/domain';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format.ts';
import classes from './AddToCartDialog.module.css';

/** The live price: footage or quantity, what is charged for when it differs, unit price, join fee and total. */
export function PricePreview({
  price,
  ordered,
  moulding,
}: {
  price: PricedLine | null;
  ordered: PricedLine | null;
  moulding: boolean;
}) {
  const rows: [string, ReactNode][] = [];
  if (price && ordered) {
    if (moulding) rows.push(['Footage', `${formatCount(ordered.footage)} ft`]);
    else rows.push(['Quantity', formatCount(ordered.quantity)]);
    const charged = moulding ? price.footage : price.quantity;
    const asked = moulding ? ordered.footage : ordered.quantity;
    if (charged !== asked) rows.push(['Charged for', `${formatCount(charged)}${moulding ? ' ft' : ''}`]);
    rows.push(['Unit price', `$${formatMoney(price.unitPrice)}${moulding ? ' / ft' : ' each'}`]);
    if (Number(price.joinFee) > 0) rows.push(['Join fee', `$${formatMoney(price.joinFee)}`]);
  }
  return (
    <Box className={classes.preview} aria-live="polite" data-testid="price-preview">
      <dl className={classes.previewList}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={classes.previewTotal}>
        <span>Estimated total</span>
        <strong>{price ? `$${formatMoney(price.total)}` : '—'}</strong>
      </div>
    </Box>
  );
}
