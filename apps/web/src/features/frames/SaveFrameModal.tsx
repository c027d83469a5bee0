import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { encodeFrameData, type FrameDesign, frameMessages } from '@mitrebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { BuilderAction } from './frame-state.ts';
import { saveFrame } from './frames-api.ts';

/** Save (over the loaded design) and Save As (a new one): the name asked in a dialog, then the design saved. */
export function useFrameSave(
  design: FrameDesign,
  saved: { savedId: number | null; savedName: string },
  dispatch: Dispatch<BuilderAction>,
) {
  const client = useQueryClient();
  const [saveMode, setSaveMode] = useState<'save' | 'saveAs' | null>(null);
  const [saveName, setSaveName] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function doSave() {
    const name = saveName.trim();
    if (!name) {
      setSaveError(frameMessages.nameRequired);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const id = saveMode === 'save' ? saved.savedId : null;
      const res = await saveFrame({ framedata: encodeFrameData(design), name, id });
      dispatch({ type: 'saved', id: res.framedataid, name });
      await client.invalidateQueries({ queryKey: ['frames', 'saved'] });
      setSaveMode(null);
    } catch (err) {
      setSaveError(err instanceof ApiError ? (err.errors?.name ?? err.message) : String(err));
    } finally {
      setSaving(false);
    }
  }

  return {
    saveMode,
    saveName,
    saveError,
    saving,
    savedId: saved.savedId,
    setSaveName,
    doSave,
    close: () => setSaveMode(null),
    onSave: () => {
      setSaveName(saved.savedName);
      setSaveError(null);
      setSaveMode(saved.savedId ? 'save' : 'saveAs');
    },
    onSaveAs: () => {
      setSaveName('');
      setSaveError(null);
      setSaveMode('saveAs');
    },
  };
}

/** The Save Frame / Save Frame As dialog: the name, and the warning that Save overwrites. */
export function SaveFrameModal({ save }: { save: ReturnType<typeof useFrameSave> }) {
  const { saveMode } = save;
  return (
    <Modal
      opened={saveMode !== null}
      onClose={save.close}
      title={saveMode === 'save' ? 'Save Frame' : 'Save Frame As'}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save.doSave();
        }}
      >
        <Stack gap="sm">
          {saveMode === 'save' && save.savedId ? (
            <Alert color="yellow">{frameMessages.overwrite}</Alert>
          ) : null}
          <TextInput
            label="Name"
            value={save.saveName}
            maxLength={80}
            onChange={(e) => save.setSaveName(e.currentTarget.value)}
            error={save.saveError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={save.close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
