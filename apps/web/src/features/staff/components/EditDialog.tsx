import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The field messages of a refused save ({ errors: { field: message } } of the API), or none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return (error as { errors?: Record<string, string> } | null)?.errors ?? {};
}

/**
 * A form in a modal, as every back-office editor has it: the fields, the save's message when it is not about
 * one field, Cancel and Save. Enter submits; Escape and Cancel close without saving.
 */
export function EditDialog(props: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** the save's error: its field messages go to the fields (fieldErrors), any other message shows here */
  error: unknown;
  pending: boolean;
  submitLabel?: string;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const { error } = props;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={props.size}>
      {props.opened && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onSubmit();
          }}
        >
          <Stack>
            {props.children}
            {error != null && !Object.keys(fieldErrors(error)).length && (
              <Alert color="red" role="alert">
                {(error as Error).message}
              </Alert>
            )}
            <Group justify="end">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={props.pending}>
                {props.submitLabel ?? 'Save'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
