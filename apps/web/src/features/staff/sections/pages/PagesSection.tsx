import {
  Alert,
  Button,
  Group,
  Loader,
  NavLink,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { StaffSetting } from '@mitrebox/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatNumericDateTime } from '../../../../lib/format.ts';
import { staffCall, useStaffMay } from '../../staff-api.ts';
import { CornerSamplesForm } from './CornerSamplesForm.tsx';

const PageEditor = lazy(() => import('./PageEditor.tsx'));

const LABELS: Record<string, string> = {
  who_we_are: 'Who We Are',
  Policy: 'Privacy Policy',
  Terms: 'Terms',
  faq: 'FAQ',
  store_locations: 'Store Locations',
  value_lines: 'Value lines (home page)',
  popular_collections: 'Popular collections (home page)',
  social_links: 'Social links (footer)',
  corner_samples: 'Corner samples',
};
const HINTS: Record<string, string> = {
  value_lines: 'A JSON list of { "id": collection id, "title": "…", "text": "…" }.',
  popular_collections: 'A JSON list of collection ids: the first six are Popular, the rest What’s New.',
  social_links: 'A JSON list of { "name": "…", "url": "https://…" }.',
};
/** HTML the editor cannot keep (FAQ's question-and-answer blocks, tables, images) opens as HTML. */
const needsHtml = (html: string) => /<(details|summary|table|img)\b/i.test(html);

/** /staff/pages: the rich-text pages with a real editor, and the home page's lists as checked JSON. */
export default function PagesSection() {
  const settings = useQuery({
    queryKey: ['staff', 'settings'],
    queryFn: async ({ signal }) => (await staffCall('GET /api/staff/settings', { signal })).data,
  });
  const [name, setName] = useState('Terms');
  const current = settings.data?.find((s) => s.name === name);
  return (
    <>
      <Title order={1} mb="md">
        Pages and settings
      </Title>
      {settings.error && <Alert color="red">{(settings.error as Error).message}</Alert>}
      <Group align="start" gap="xl">
        <Stack
          component="nav"
          aria-label="Pages and settings"
          gap={0}
          w={{ base: '100%', sm: 240 }}
          style={{ flexShrink: 0 }}
        >
          {(settings.data ?? []).map((s) => (
            <NavLink
              key={s.name}
              component="button"
              label={LABELS[s.name] ?? s.name}
              description={s.kind === 'rich' ? 'Page' : s.name === 'corner_samples' ? 'Setting' : 'List'}
              active={s.name === name}
              aria-current={s.name === name ? 'page' : undefined}
              onClick={() => setName(s.name)}
            />
          ))}
        </Stack>
        <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
          {current?.name === 'corner_samples' ? (
            <CornerSamplesForm key={current.name} setting={current} />
          ) : current ? (
            <SettingForm key={current.name} setting={current} />
          ) : (
            <Loader size="sm" />
          )}
        </div>
      </Group>
    </>
  );
}

function SettingForm({ setting }: { setting: StaffSetting }) {
  const mayChange = useStaffMay('pages', 'write');
  const client = useQueryClient();
  const [value, setValue] = useState(setting.value);
  const [mode, setMode] = useState(setting.kind === 'rich' && !needsHtml(setting.value) ? 'editor' : 'html');
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      staffCall('PUT /api/staff/settings/:name', { params: { name: setting.name }, body: { value } }),
    onSuccess: async (stored) => {
      setValue(stored.value);
      setSaved(true);
      await client.invalidateQueries({ queryKey: ['staff', 'settings'] });
      await client.invalidateQueries({ queryKey: ['settings'] });
    },
  });
  const label = LABELS[setting.name] ?? setting.name;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end">
        <Title order={2} size="h3">
          {label}
        </Title>
        {setting.kind === 'rich' && (
          <SegmentedControl
            aria-label="Edit with"
            value={mode}
            onChange={setMode}
            data={[
              { value: 'editor', label: 'Editor' },
              { value: 'html', label: 'HTML' },
            ]}
          />
        )}
      </Group>
      {setting.updatedAt && (
        <Text size="sm" c="dimmed">
          Last changed {formatNumericDateTime(setting.updatedAt)}
        </Text>
      )}
      {setting.kind === 'rich' && mode === 'editor' ? (
        <Suspense fallback={<Loader size="sm" />}>
          <PageEditor
            html={value}
            label={`${label} text`}
            onChange={(html) => {
              setValue(html);
              setSaved(false);
            }}
          />
        </Suspense>
      ) : (
        <Textarea
          label={setting.kind === 'rich' ? `${label} (HTML)` : label}
          description={HINTS[setting.name]}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setSaved(false);
          }}
          autosize
          minRows={12}
          maxRows={30}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
          error={save.error ? (save.error as Error).message : undefined}
        />
      )}
      {setting.kind === 'rich' && save.error && mode === 'editor' && (
        <Alert color="red" role="alert">
          {(save.error as Error).message}
        </Alert>
      )}
      <Group hidden={!mayChange}>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save {label}
        </Button>
        {saved && (
          <Text role="status" c="green.8" fw={600}>
            Saved. {setting.kind === 'rich' ? 'Scripts and unsafe links were removed, if any.' : ''}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
