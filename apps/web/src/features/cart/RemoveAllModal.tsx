import { Button, Group, Modal, Text } from '@mantine/core';
import classes from './CartPage.module.css';

/** Remove all asks first: every line goes, and that cannot be undone. */
export function RemoveAllModal(props: {
  opened: boolean;
  busy: boolean;
  onKeep: () => void;
  onRemoveAll: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onKeep}
      title="Remove all items?"
      centered
      classNames={{ title: classes.modalTitle }}
    >
      <Text mb="lg">Every line will be removed from your cart. This cannot be undone.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onKeep} data-autofocus>
          Keep items
        </Button>
        <Button color="red.7" onClick={props.onRemoveAll} loading={props.busy}>
          Remove all
        </Button>
      </Group>
    </Modal>
  );
}
