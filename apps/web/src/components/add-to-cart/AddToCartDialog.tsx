import { Modal, Text } from '@mantine/core';
import type { JSX } from 'react';

export interface AddToCartDialogProps {
  code: string | null;
  opened: boolean;
  onClose: () => void;
  /** Instructions limit: 50 in the dialog (default), 70 on the product page. */
  instructionsMax?: number;
}

/** The add-to-cart dialog (storefront §2). Work in progress: the full dialog follows. */
export function AddToCartDialog(props: AddToCartDialogProps): JSX.Element {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add to Cart">
      <Text>{props.code}</Text>
    </Modal>
  );
}
