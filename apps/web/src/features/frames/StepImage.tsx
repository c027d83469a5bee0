import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { frameMessages, PRESET_CATEGORIES, type PresetCategory } from '@mitrebox/domain';
import { IconArrowsShuffle, IconBookmarks, IconPhoto, IconPhotoOff, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { compressImage, looksLikeImage } from './compress.ts';
import classes from './FrameBuilder.module.css';
import { FIRST_PRESET_CATEGORY, randomPhoto, uploadImage, usePresets } from './frames-api.ts';

interface StepImageProps {
  onImage: (file: string, width: number, height: number) => void;
  onWithoutImage: () => void;
  onSavedFrames: () => void;
}

/** Step 1: drop or select a picture, take one of ours, go on without one, or open a saved frame. */
export function StepImage({ onImage, onWithoutImage, onSavedFrames }: StepImageProps) {
  const { signedIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [category, setCategory] = useState<PresetCategory>(FIRST_PRESET_CATEGORY);
  const [page, setPage] = useState(1);
  const presets = usePresets(category, page);

  async function take(files: File[]) {
    setError(null);
    const file = files[0];
    if (!file || !looksLikeImage(file)) {
      setError(frameMessages.selectImage);
      return;
    }
    setBusy(true);
    try {
      const small = await compressImage(file);
      if (!small) {
        setError(frameMessages.selectImage);
        return;
      }
      const up = await uploadImage(small);
      onImage(up.file, up.width, up.height);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : frameMessages.selectImage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <Dropzone
        onDrop={take}
        onReject={() => setError(frameMessages.selectImage)}
        multiple={false}
        loading={busy}
        className={classes.dropzone}
        aria-label="Drop a picture here or select a file"
        inputProps={{ 'aria-label': 'Select a picture' } as never}
      >
        <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={48} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconPhotoOff size={48} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={48} stroke={1.5} />
          </Dropzone.Idle>
          <div>
            <Text size="lg" fw={600}>
              Drop your picture here or click to select a file
            </Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG or WebP. We make it smaller before it is sent.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {error ? (
        <Alert color="red" role="alert" data-testid="image-error">
          {error}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button variant="default" onClick={onWithoutImage}>
          Continue Without Image
        </Button>
        {presets.data?.random ? (
          <Button
            variant="light"
            leftSection={<IconArrowsShuffle size={18} />}
            loading={busy}
            onClick={async () => {
              setError(null);
              setBusy(true);
              try {
                const up = await randomPhoto();
                onImage(up.file, up.width, up.height);
              } catch (err) {
                setError(err instanceof ApiError ? err.message : frameMessages.randomPhotoFailed);
              } finally {
                setBusy(false);
              }
            }}
          >
            Random photograph
          </Button>
        ) : null}
        {signedIn ? (
          <Button variant="light" leftSection={<IconBookmarks size={18} />} onClick={onSavedFrames}>
            Saved Frames
          </Button>
        ) : null}
      </Group>

      <Stack gap="sm">
        <Group justify="space-between" align="end">
          <Title order={2} size="h3">
            Or start from one of our photographs
          </Title>
          <Text size="sm">
            <Anchorish />
          </Text>
        </Group>
        <SegmentedControl
          aria-label="Photograph category"
          value={category}
          onChange={(v) => {
            setCategory(v as PresetCategory);
            setPage(1);
          }}
          data={PRESET_CATEGORIES.map((c) => ({ value: c, label: c[0].toUpperCase() + c.slice(1) }))}
          className={classes.categories}
        />
        {presets.isLoading ? <Loader size="sm" /> : null}
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 5 }} spacing="sm">
          {(presets.data?.data ?? []).map((p) => (
            <UnstyledButton
              key={p.id}
              className={classes.preset}
              onClick={() => onImage(`preset:${p.id}`, p.width, p.height)}
              aria-label={`Use the photograph ${p.title} by ${p.author}`}
            >
              <img
                src={p.url.replace(/\.jpg$/, '.thumb.jpg')}
                alt=""
                loading="lazy"
                width={240}
                height={180}
              />
              <span className={classes.presetTitle}>{p.title}</span>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {(presets.data?.total ?? 0) > (presets.data?.per_page ?? 20) ? (
          <Pagination
            value={page}
            onChange={setPage}
            total={Math.ceil((presets.data?.total ?? 0) / (presets.data?.per_page ?? 20))}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}

function Anchorish() {
  return (
    <Link to="/FrameBuilder/credits" className={classes.link}>
      Photograph credits
    </Link>
  );
}
