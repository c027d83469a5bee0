import { Alert, Anchor, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CartItem } from '@mitrebox/api-contract';
import { INSTRUCTIONS_MAX_DIALOG, MOULDING_TYPE, messages } from '@mitrebox/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type JSX, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { CornerSampleButton } from '../corner-samples/index.ts';
import classes from './AddToCartDialog.module.css';
import { useAccountLevels, useLocationQty, useProductDetails } from './dialog-queries.ts';
import { SelectionForm } from './SelectionForm.tsx';

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

/** Signed out, blocked, failed or still loading says so; else the form, with the product, its stock and prices. */
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
  const allowed = session.mayOrder;
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
  if (!session.rights.order) {
    return <Text>Your sign-in may not place orders for this account. Ask the account’s owner.</Text>;
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
    <>
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
      {!edit && product.type === MOULDING_TYPE ? (
        <Group justify="center" gap="xs" mt="md">
          <Text size="sm" c="dimmed">
            Showing the profile to a customer?
          </Text>
          <CornerSampleButton code={product.Code} variant="subtle" size="compact-sm" />
        </Group>
      ) : null}
    </>
  );
}
