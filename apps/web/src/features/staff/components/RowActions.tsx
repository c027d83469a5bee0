import { Button, Group } from '@mantine/core';

/**
 * A table row's Edit and Remove buttons, named for the row (`Edit Ferrara`, `Remove Ferrara`) so a screen
 * reader tells the rows apart; Remove asks first.
 */
export function RowActions(props: {
  name: string;
  onEdit: () => void;
  onRemove: () => void;
  confirm: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={`Remove ${props.name}`}
        onClick={() => {
          if (window.confirm(props.confirm)) props.onRemove();
        }}
      >
        Remove
      </Button>
    </Group>
  );
}
