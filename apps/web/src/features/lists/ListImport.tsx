import { Alert, Button, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/call.ts';

/**
 * A pasted column of item numbers and quantities into a list (a moulding as a Length in feet, anything else as
 * pieces); the lines that were not added are listed with why.
 */
export function PasteImport({ listId: id, onAdded }: { listId: number; onAdded: () => void }) {
  const [paste, setPaste] = useState('');
  const [problems, setProblems] = useState<{ line: number; text: string; message: string }[]>([]);
  const importPaste = useMutation({
    mutationFn: (text: string) => call('POST /api/lists/:id/import', { params: { id }, body: { text } }),
    onSuccess: (answer) => {
      setProblems(answer.problems);
      if (answer.added > 0) setPaste('');
      onAdded();
    },
    onError: (err: Error) => setProblems([{ line: 0, text: '', message: err.message }]),
  });
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          importPaste.mutate(paste);
        }}
      >
        <Textarea
          label="Paste item numbers and quantities"
          description="One item a line: item # and quantity, separated by a space, a comma or a tab (two spreadsheet columns). A moulding is added as a Length order in feet; anything else as pieces."
          placeholder={'FER-133-0412 20\nGL-MU-1824, 5'}
          autosize
          minRows={3}
          maxRows={10}
          value={paste}
          onChange={(e) => setPaste(e.currentTarget.value)}
        />
        <Button
          type="submit"
          mt="xs"
          variant="light"
          disabled={!paste.trim()}
          loading={importPaste.isPending}
        >
          Add pasted lines
        </Button>
      </form>
      {problems.length > 0 && (
        <Alert color="orange" title="Some lines were not added">
          <ul>
            {problems.map((p) => (
              <li key={`${p.line}-${p.text}`}>
                {p.line > 0 && `Line ${p.line}: `}
                {p.text && <strong>{p.text}</strong>} {p.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
