import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from './EditDialog.tsx';

/**
 * The state of a back-office table whose rows are edited in a dialog: the draft being edited (null = closed),
 * the save (closes the dialog and reloads the table) and the removal (reloads the table).
 */
export function useRowEditor<D, K>(opts: {
  queryKey: readonly unknown[];
  save: (draft: D) => Promise<unknown>;
  remove: (key: K) => Promise<unknown>;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<D | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: opts.queryKey });
  const save = useMutation({
    mutationFn: opts.save,
    onSuccess: async () => {
      setDraft(null);
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: opts.remove, onSuccess: refresh });
  const errors = fieldErrors(save.error);
  /** A text field of the draft: its value, its change and its message (`<TextInput {...bind('name')} />`). */
  const bind = (key: keyof D & string) => ({
    value: String(draft?.[key] ?? ''),
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setDraft((d) => (d ? { ...d, [key]: value } : d));
    },
    error: errors[key],
  });
  return { draft, setDraft, save, remove, refresh, errors, bind };
}
