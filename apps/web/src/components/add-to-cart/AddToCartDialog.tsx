import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  NativeSelect,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { AccountProduct, CartItem } from '@mitrebox/api-contract';
import {
  addToCartMessages,
  BACKORDER_LABELS,
  BACKORDER_OPTIONS,
  type BackorderOption,
  estimateLine,
  FRACTION_OPTIONS,
  formatMoney,
  INSTRUCTIONS_MAX_DIALOG,
  LOCATION_CODES,
  MOULDING_ORDER_TYPES,
  type MouldingOrderType,
  messages,
  ORDER_TYPE_LABELS,
  type PricedLine,
  type priceLine,
  validateSelection,
} from '@mitrebox/domain';
import { IconAlertTriangle, IconCircleCheck, IconTruckDelivery } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type JSX, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import {
  CART_QUERY_KEY,
  freshCart,
  type LocationQty,
  saveCart,
  useAccountLevels,
  useLocationQty,
  useProductDetails,
} from '../../lib/cart-api.ts';
import { formatCount } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteInfo } from '../../lib/site.ts';
import classes from './AddToCartDialog.module.css';
import {
  cartErrorMessage,
  cartPayload,
  changeType,
  type DialogSelection,
  fieldMessages,
  fieldsRead,
  initialSelection,
  isMoulding,
  replaceLine,
  selectionOf,
  shippingHints,
  toCartLine,
  toCheck,
} from './selection.ts';

export interface AddToCartDialogProps {
  code: string | null;
  opened: boolean;
  onClose: () => void;
  /** Instructions limit: 50 in the dialog (default), 70 on the product page (INSTRUCTIONS_MAX_DETAIL). */
  instructionsMax?: number;
  /** A cart line to change in place (the cart page): the dialog starts from it and replaces it. */
  edit?: { index: number; item: CartItem } | null;
}

/**
 * The add-to-cart dialog (storefront §2, §4, §5): order type, warehouse, sizes, instructions, stock and
 * back-order choice, a live price preview, and Add to Cart, which sends the whole cart to the server.
 */
export function AddToCartDialog(props: AddToCartDialogProps): JSX.Element {
  const { code, opened, onClose, instructionsMax = INSTRUCTIONS_MAX_DIALOG, edit = null } = props;
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  // Every opening starts from a clean form, also for the same product.
  const [openCount, setOpenCount] = useState(0);
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenCount((n) => n + 1);
  }
  // Callers may clear the code as they close: keep showing the product while the modal fades out.
  const [shownCode, setShownCode] = useState(code);
  if (code && code !== shownCode) setShownCode(code);
  const current = code ?? shownCode;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={edit ? 'Change cart line' : 'Add to Cart'}
      size="lg"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      classNames={{ title: classes.modalTitle }}
      transitionProps={{ duration: phone ? 0 : 150 }}
      data-testid="add-to-cart-dialog"
    >
      {current ? (
        <DialogContent
          key={`${current}:${openCount}`}
          code={current}
          onClose={onClose}
          max={instructionsMax}
          edit={edit}
        />
      ) : null}
    </Modal>
  );
}

function DialogContent({
  code,
  onClose,
  max,
  edit,
}: {
  code: string;
  onClose: () => void;
  max: number;
  edit: AddToCartDialogProps['edit'];
}) {
  const session = useSession();
  const site = useSiteInfo();
  const allowed = session.signedIn && !session.purchaseBlocked;
  const details = useProductDetails(code, allowed);
  const stock = useLocationQty(code, allowed);
  const product = details.data
    ? (details.data.products[code] ?? Object.values(details.data.products)[0])
    : undefined;
  const needsLevels = product?.FrameType === 'GLASS' || product?.FrameType === 'MATS';
  const levels = useAccountLevels(allowed && needsLevels);

  if (!session.signedIn) {
    return (
      <Text>
        Please{' '}
        <Anchor component={Link} to="/login">
          sign in
        </Anchor>{' '}
        to see your prices and order.
      </Text>
    );
  }
  if (session.purchaseBlocked) {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {messages.purchaseBlocked(site.phone)}
      </Alert>
    );
  }
  const failed = details.error ?? stock.error;
  if (failed) {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {failed.message}
      </Alert>
    );
  }
  if (!product || !stock.data || !details.data || (needsLevels && levels.isPending)) {
    return (
      <Center py="xl">
        <Loader color="walnut" role="status" aria-label="Loading the product" />
      </Center>
    );
  }
  return (
    <SelectionForm
      product={product}
      stock={stock.data}
      pricing={{
        discounts: details.data.discounts,
        glassCode: levels.data?.glassCode ?? null,
        matCode: levels.data?.matCode ?? null,
      }}
      account={session.account}
      onClose={onClose}
      max={max}
      edit={edit ?? null}
    />
  );
}

interface FormProps {
  product: AccountProduct;
  stock: LocationQty;
  pricing: Parameters<typeof priceLine>[1];
  account: { Location: string | null; Shipvia: string | null } | null;
  onClose: () => void;
  max: number;
  edit: { index: number; item: CartItem } | null;
}

const locationOrder = (loc: string) => {
  const i = LOCATION_CODES.indexOf(loc as (typeof LOCATION_CODES)[number]);
  return i === -1 ? LOCATION_CODES.length : i;
};

function SelectionForm({ product, stock, pricing, account, onClose, max, edit }: FormProps) {
  const client = useQueryClient();
  const moulding = isMoulding(product);
  const accountLocation = stock.AccountLocs.Location || account?.Location || '';
  const rows = useMemo(
    () => Object.values(stock.LocationQty).sort((a, b) => locationOrder(a.Loc) - locationOrder(b.Loc)),
    [stock],
  );
  const [sel, setSel] = useState<DialogSelection>(() =>
    edit
      ? selectionOf(edit.item)
      : initialSelection(product, rows.some((r) => r.Loc === accountLocation) ? accountLocation : ''),
  );
  // a field's message shows once the buyer has left it (or tried to add), and then as they type
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const touch = (field: string) => setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The product loads after the modal has opened (and placed focus): move focus to the first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const update = (next: Partial<DialogSelection>) => {
    setError(null);
    setSel((s) => ({ ...s, ...next }));
  };
  const updateDimension = (next: Partial<DialogSelection['dimension']>) =>
    update({ dimension: { ...sel.dimension, ...next } });

  const here = rows.find((r) => r.Loc === sel.location);
  const reads = fieldsRead(sel);
  const fieldErrors = fieldMessages(sel);
  // the same estimate as the cart line and the order: what ships, is back-ordered or cancelled, and the charge
  const estimate = useMemo(
    () =>
      estimateLine(
        product,
        pricing,
        {
          type: sel.type,
          quantity: sel.quantity,
          length: sel.length,
          dimension: sel.dimension,
          location: sel.location,
        },
        here ?? null,
        sel.backorder,
      ),
    [product, pricing, sel, here],
  );
  const state = reads ? estimate.state : 0;
  const unit = sel.type === 'item' ? '' : ' ft';
  const split = estimate.split;
  const price = reads ? estimate.charged : null;
  const hints = shippingHints(sel, account ? { ...account, Location: accountLocation } : null);
  const remaining = max - sel.instructions.length;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTouched({ length: true, quantity: true, size: true });
    const message =
      validateSelection(toCheck(sel, product, accountLocation || null, state)) ??
      (state === 2 && split.charged <= 0 ? addToCartMessages.nothingShips : null);
    if (message) {
      setError(message);
      return;
    }
    setBusy(true);
    setError(null);
    const line = toCartLine(sel, product, state);
    let payload = [line];
    let index = 0;
    try {
      const current = await freshCart(client);
      if (edit) {
        const replaced = replaceLine(current.data, line, { index: edit.index, id: edit.item.id });
        payload = replaced.lines;
        index = replaced.index;
      } else {
        payload = cartPayload(current.data, line);
        index = payload.length - 1;
      }
      const cart = await saveCart(payload);
      client.setQueryData(CART_QUERY_KEY, cart);
      authStorage.touch(Date.now());
      notifications.show({
        id: 'items-added',
        color: 'green',
        icon: <IconCircleCheck size={18} aria-hidden />,
        message: edit ? 'Cart line updated.' : messages.itemsAdded,
      });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? cartErrorMessage(err, payload, index) : String(err));
    } finally {
      setBusy(false);
    }
  };

  const typeData = MOULDING_ORDER_TYPES.filter((t) => t !== 'box' || product.box_qty > 0).map((t) => ({
    value: t,
    label: ORDER_TYPE_LABELS[t],
  }));
  const cut = sel.type === 'chop' || sel.type === 'join' || sel.type === 'exact';

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
      <Stack gap="md">
        <ProductHeading product={product} />

        {moulding ? (
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>Order type</legend>
            <SegmentedControl
              fullWidth
              data={typeData}
              value={sel.type === 'item' ? 'length' : sel.type}
              onChange={(t) => {
                setError(null);
                setSel((s) => changeType(s, t as MouldingOrderType));
              }}
              name="orderType"
              color="walnut"
              classNames={{ label: classes.segmentLabel }}
            />
          </fieldset>
        ) : null}

        <Radio.Group
          label="Ship from"
          description={moulding ? 'Stock in feet' : undefined}
          value={sel.location}
          onChange={(loc) => update({ location: loc, backorder: null })}
          name="location"
        >
          <Table className={classes.stockTable} verticalSpacing={6} mt={4} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th ta="right">Available</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.Loc}
                  className={classes.stockRow}
                  data-selected={row.Loc === sel.location || undefined}
                  onClick={() => row.Loc !== sel.location && update({ location: row.Loc, backorder: null })}
                >
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <Radio value={row.Loc} label={row.Name} color="walnut" />
                      {row.Loc === accountLocation ? (
                        <Badge
                          size="sm"
                          variant="outline"
                          color="walnut.8"
                          tt="none"
                          className={classes.ownBadge}
                        >
                          Yours
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" className={classes.num}>
                    {formatCount(row.Onhand)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.num}>
                    {formatCount(row.available)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>

        {sel.type === 'length' ? (
          <TextInput
            label="Length (ft)"
            description="Feet, e.g. 12, 3 1/2 or 3.5"
            autoComplete="off"
            value={sel.length}
            onChange={(e) => update({ length: e.currentTarget.value })}
            onBlur={() => touch('length')}
            error={touched.length ? fieldErrors.length : null}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            className={classes.typed}
            data-autofocus
          />
        ) : null}

        {sel.type === 'item' || sel.type === 'box' || cut ? (
          <Group align="flex-end" gap="sm">
            <TextInput
              label={sel.type === 'box' ? 'Boxes' : 'Quantity'}
              inputMode="numeric"
              autoComplete="off"
              value={sel.quantity}
              onChange={(e) => update({ quantity: e.currentTarget.value })}
              onBlur={() => touch('quantity')}
              error={touched.quantity ? fieldErrors.quantity : null}
              className={classes.short}
              data-autofocus
            />
            {sel.type === 'box' ? (
              <Text size="sm" c="dimmed" pb={10}>
                Box of {formatCount(product.box_qty)} ft · length {formatCount(estimate.requested)} ft
              </Text>
            ) : null}
          </Group>
        ) : null}

        {cut ? (
          <Group gap="md" align="flex-start" className={classes.sizes}>
            <SizeInput
              side="Length"
              whole={sel.dimension.length}
              fraction={sel.dimension.length_fraction}
              onWhole={(v) => updateDimension({ length: v })}
              onFraction={(v) => updateDimension({ length_fraction: v })}
              onBlur={() => touch('size')}
              invalid={Boolean(touched.size && fieldErrors.size)}
            />
            <SizeInput
              side="Width"
              whole={sel.dimension.width}
              fraction={sel.dimension.width_fraction}
              onWhole={(v) => updateDimension({ width: v })}
              onFraction={(v) => updateDimension({ width_fraction: v })}
              onBlur={() => touch('size')}
              invalid={Boolean(touched.size && fieldErrors.size)}
            />
          </Group>
        ) : null}
        {cut && touched.size && fieldErrors.size ? (
          <Text size="sm" c="red.7" fw={500} role="alert" mt={-8}>
            {fieldErrors.size}
          </Text>
        ) : null}

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

        {state === 1 ? (
          <Group gap={6} c="green.7" role="status">
            <IconCircleCheck size={20} aria-hidden />
            <Text fw={600} size="sm">
              In Stock
            </Text>
          </Group>
        ) : null}

        {state === 2 ? (
          <Box className={classes.backorder}>
            <Group gap={6} c="red.7" mb={6}>
              <IconAlertTriangle size={18} aria-hidden />
              <Text fw={600} size="sm">
                Back-ordered: {formatCount(here?.available ?? 0)}
                {unit} available at {here?.Name}
              </Text>
            </Group>
            <Radio.Group
              label="Back-order option"
              value={sel.backorder ?? ''}
              onChange={(v) => update({ backorder: v as BackorderOption })}
              name="backorder"
            >
              <Stack gap={6} mt={6}>
                {BACKORDER_OPTIONS.map((option) => (
                  <Radio key={option} value={option} label={BACKORDER_LABELS[option]} color="walnut" />
                ))}
              </Stack>
            </Radio.Group>
            <dl className={classes.split} aria-label="Back-order summary">
              <div>
                <dt>Ship</dt>
                <dd>{split.ship.toFixed(2)}</dd>
              </div>
              <div>
                <dt>Backordered</dt>
                <dd>{split.backordered.toFixed(2)}</dd>
              </div>
              <div>
                <dt>Cancelled</dt>
                <dd>{split.cancelled.toFixed(2)}</dd>
              </div>
              <div>
                <dt>Charged</dt>
                <dd data-testid="charged-amount">
                  {split.charged.toFixed(2)}
                  {unit}
                </dd>
              </div>
            </dl>
            <Text size="xs" c="dimmed" mt={6}>
              You are charged for what ships now and what is back-ordered, never for what is cancelled.
            </Text>
          </Box>
        ) : null}

        {hints.map((hint) => (
          <Group key={hint} gap={8} wrap="nowrap" align="flex-start" className={classes.hint}>
            <IconTruckDelivery size={18} aria-hidden className={classes.hintIcon} />
            <Text size="sm">{hint}</Text>
          </Group>
        ))}

        <PricePreview
          price={price}
          ordered={reads ? estimate.ordered : null}
          moulding={moulding && sel.type !== 'item'}
        />
      </Stack>

      {/* Kept in view while the dialog scrolls: the message and the buttons. */}
      <div className={classes.footer}>
        {error ? (
          <Text id={errorId} c="red.7" fw={600} role="alert" data-testid="add-to-cart-error" mb="xs">
            {error}
          </Text>
        ) : null}
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" className={classes.footerTotal}>
            {price && price.total !== '0.00' ? (
              <>
                Estimated <strong>${formatMoney(price.total)}</strong>
              </>
            ) : null}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {/* Pressing the button must not blur the field first: its message would move the button away. */}
            <Button type="submit" loading={busy} color="walnut" onMouseDown={(e) => e.preventDefault()}>
              {edit ? 'Update line' : 'Add to Cart'}
            </Button>
          </Group>
        </Group>
      </div>
    </form>
  );
}

function ProductHeading({ product }: { product: AccountProduct }) {
  const [imageOk, setImageOk] = useState(true);
  return (
    <Group gap="md" wrap="nowrap" align="center" className={classes.product}>
      {imageOk ? (
        <Image
          src={product.image}
          alt=""
          w={64}
          h={64}
          radius="sm"
          fit="cover"
          onError={() => setImageOk(false)}
          className={classes.thumb}
        />
      ) : (
        <Box w={64} h={64} className={classes.thumb} aria-hidden />
      )}
      <Box miw={0}>
        <Text fw={700} className={classes.code}>
          {product.Code}
        </Text>
        <Text size="sm" lineClamp={2}>
          {product.display_name || product.Description}
        </Text>
        {isMoulding(product) && product.width_display ? (
          <Text size="xs" c="dimmed">
            {product.width_display}" wide{product.box_qty > 0 ? ` · box of ${product.box_qty} ft` : ''}
          </Text>
        ) : null}
      </Box>
    </Group>
  );
}

function SizeInput(props: {
  side: 'Length' | 'Width';
  whole: string;
  fraction: number;
  onWhole: (v: string) => void;
  onFraction: (v: number) => void;
  onBlur: () => void;
  invalid: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <TextInput
        label={`${props.side} (in)`}
        inputMode="numeric"
        autoComplete="off"
        value={props.whole}
        onChange={(e) => props.onWhole(e.currentTarget.value)}
        onBlur={props.onBlur}
        error={props.invalid}
        w={96}
      />
      <NativeSelect
        label="Fraction"
        aria-label={`${props.side} fraction`}
        value={String(props.fraction)}
        onChange={(e) => props.onFraction(Number(e.currentTarget.value))}
        data={FRACTION_OPTIONS.map((f) => ({ value: String(f.value), label: f.label }))}
        size="md"
        w={92}
      />
    </Group>
  );
}

function PricePreview({
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
