import { Button, type ButtonProps, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CartItemInput } from '@mitrebox/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addToList, LISTS_QUERY_KEY, listsQuery } from '../../lib/lists-api.ts';
import { useSession } from '../../lib/session.ts';

const NEW_LIST = 'new';

/**
 * "Add to list": keeps lines (the add-to-cart dialog's selection, or the whole cart) on one of the account's
 * standing lists, or on a new one named here. `lines` is read when the button is pressed; it answers the message
 * of the selection when it cannot be kept yet (a field left empty).
 */
export function AddToListButton({
  lines,
  label = 'Add to list',
  ...props
}: { lines: () => CartItemInput[] | string; label?: string } & ButtonProps) {
  const { mayOrder } = useSession();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lists = useQuery({ ...listsQuery, enabled: open });
  const save = useMutation({
    mutationFn: (kept: CartItemInput[]) =>
      addToList(picked && picked !== NEW_LIST ? { id: Number(picked) } : { name: name.trim() }, kept),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: LISTS_QUERY_KEY });
      setOpen(false);
      notifications.show({ color: 'green', message: `Added to the list “${answer.data.name}”.` });
    },
    onError: (err: Error) => setError(err.message),
  });
  if (!mayOrder) return null;
  const options = [
    ...(lists.data?.data ?? []).map((l) => ({ value: String(l.id), label: `${l.name} (${l.lineCount})` })),
    { value: NEW_LIST, label: 'A new list…' },
  ];
  const isNew = picked === NEW_LIST || (!picked && !lists.data?.data.length);
  const submit = () => {
    setError(null);
    const kept = lines();
    if (typeof kept === 'string') return setError(kept);
    if (!picked && !isNew) return setError('Choose a list');
    if (isNew && !name.trim()) return setError('Name is required');
    save.mutate(kept);
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} {...props}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} size="sm">
        <Stack gap="sm">
          <Select
            label="List"
            data={options}
            value={picked ?? (lists.data?.data.length ? null : NEW_LIST)}
            onChange={setPicked}
            placeholder="Choose a list"
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {isNew && (
            <TextInput
              label="Name of the new list"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              placeholder="Monthly reorder"
              maxLength={60}
            />
          )}
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Button onClick={submit} loading={save.isPending}>
            Add to list
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
