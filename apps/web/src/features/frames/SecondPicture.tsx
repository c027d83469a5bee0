import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { frameMessages } from '@mitrebox/domain';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { compressImage, looksLikeImage } from './compress.ts';
import { artworkUrl, uploadImage } from './frames-api.ts';

interface SecondPictureProps {
  /** The right-hand window's picture (null: the first picture shows in both windows). */
  file: string | null;
  onChange: (file: string | null) => void;
}

/**
 * A double opening's second picture (a diptych): uploaded as the first one is (compressed in the browser, cleaned
 * by the server), shown whole in the right-hand window.
 */
export function SecondPicture({ file, onChange }: SecondPictureProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const href = artworkUrl(file);

  async function take(picked: File | null) {
    setError(null);
    if (!picked || !looksLikeImage(picked)) {
      setError(frameMessages.selectImage);
      return;
    }
    setBusy(true);
    try {
      const small = await compressImage(picked);
      if (!small) {
        setError(frameMessages.selectImage);
        return;
      }
      onChange((await uploadImage(small)).file);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : frameMessages.selectImage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Right-hand picture
      </Text>
      <Group gap="sm" wrap="nowrap">
        {href ? (
          <Image src={href} alt="The right-hand picture" w={56} h={56} fit="cover" radius="sm" />
        ) : null}
        <FileButton onChange={take} accept="image/*">
          {(props) => (
            <Button {...props} variant="default" loading={busy} leftSection={<IconPhotoPlus size={18} />}>
              {href ? 'Change picture' : 'Add a second picture'}
            </Button>
          )}
        </FileButton>
        {href ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() => onChange(null)}
            aria-label="Remove the right-hand picture"
          >
            Remove
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c={error ? 'red.8' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ??
          (href
            ? 'Shown whole in the right-hand window.'
            : 'Without one, the picture shows in both windows.')}
      </Text>
    </Stack>
  );
}
