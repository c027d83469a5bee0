import { Group, Stack, Text, Textarea } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { AddToListButton } from '../add-to-list/AddToListButton.tsx';
import classes from './AddToCartDialog.module.css';
import { AmountFields } from './AmountFields.tsx';
import { DialogFooter } from './DialogFooter.tsx';
import { OrderTypeField } from './OrderTypeField.tsx';
import { PricePreview } from './PricePreview.tsx';
import { ProductHeading } from './ProductHeading.tsx';
import { ShipFromTable } from './ShipFromTable.tsx';
import { StockStatus } from './StockStatus.tsx';
import { isMoulding } from './selection.ts';
import { type SelectionFormProps, useSelectionForm } from './useSelectionForm.ts';

/** The dialog's form, top to bottom: product, order type, warehouse, amounts, instructions, stock, price. */
export function SelectionForm(props: SelectionFormProps) {
  const { product, onClose, max, edit } = props;
  const form = useSelectionForm(props);
  const { sel, update, estimate } = form;
  const moulding = isMoulding(product);
  const remaining = max - sel.instructions.length;

  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit}
      noValidate
      aria-describedby={form.error ? form.errorId : undefined}
    >
      <Stack gap="md">
        <ProductHeading product={product} />

        {moulding ? <OrderTypeField product={product} type={sel.type} onChange={form.chooseType} /> : null}

        <ShipFromTable
          rows={form.rows}
          location={sel.location}
          accountLocation={form.accountLocation}
          moulding={moulding}
          onChange={(loc) => update({ location: loc, backorder: null })}
        />

        <AmountFields
          sel={sel}
          boxQty={product.box_qty}
          requested={estimate.requested}
          touched={form.touched}
          fieldErrors={form.fieldErrors}
          onTouch={form.touch}
          onChange={update}
          onDimension={form.updateDimension}
        />

        <Textarea
          label="Instructions"
          value={sel.instructions}
          maxLength={max}
          autosize
          minRows={2}
          maxRows={4}
          onChange={(e) => update({ instructions: e.currentTarget.value.slice(0, max) })}
          description={`${remaining} ${remaining === 1 ? 'character' : 'characters'} left`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />

        <StockStatus
          state={form.state}
          here={form.here}
          unit={sel.type === 'item' ? '' : ' ft'}
          split={estimate.split}
          backorder={sel.backorder}
          onBackorder={(option) => update({ backorder: option })}
        />

        {form.hints.map((hint) => (
          <Group key={hint} gap={8} wrap="nowrap" align="flex-start" className={classes.hint}>
            <IconTruckDelivery size={18} aria-hidden className={classes.hintIcon} />
            <Text size="sm">{hint}</Text>
          </Group>
        ))}

        <PricePreview
          price={form.price}
          ordered={form.reads ? estimate.ordered : null}
          moulding={moulding && sel.type !== 'item'}
        />
      </Stack>

      <DialogFooter
        error={form.error}
        errorId={form.errorId}
        price={form.price}
        busy={form.busy}
        editing={edit !== null}
        onCancel={onClose}
        secondary={edit === null ? <AddToListButton lines={form.listLine} disabled={form.busy} /> : null}
      />
    </form>
  );
}
