import { SegmentedControl } from '@mantine/core';
import type { AccountProduct } from '@mitrebox/api-contract';
import { MOULDING_ORDER_TYPES, type MouldingOrderType, ORDER_TYPE_LABELS } from '@mitrebox/domain';
import classes from './AddToCartDialog.module.css';
import type { DialogSelection } from './selection.ts';

/** A moulding's order type: length, chop, join, straight cut, and box when the product comes boxed. */
export function OrderTypeField(props: {
  product: AccountProduct;
  type: DialogSelection['type'];
  onChange: (type: MouldingOrderType) => void;
}) {
  const typeData = MOULDING_ORDER_TYPES.filter((t) => t !== 'box' || props.product.box_qty > 0).map((t) => ({
    value: t,
    label: ORDER_TYPE_LABELS[t],
  }));
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>Order type</legend>
      <SegmentedControl
        fullWidth
        data={typeData}
        value={props.type === 'item' ? 'length' : props.type}
        onChange={(t) => props.onChange(t as MouldingOrderType)}
        name="orderType"
        color="walnut"
        classNames={{ label: classes.segmentLabel }}
      />
    </fieldset>
  );
}
