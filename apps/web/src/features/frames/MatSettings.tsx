import { Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  type designSizes,
  type FrameDesign,
  isMatOverlap,
  lockMat,
  MAT_GAP_MAX,
  MAT_MAX_BORDER,
  MAT_OPENING_SHAPES,
  MAT_OPENINGS,
  MAT_REVEALS,
  MAX_LOWER_MATS,
  type MatOpeningShape,
  SIXTEENTHS,
  setMatBorder,
  type validateDesign,
} from '@mitrebox/domain';
import { IconPlus } from '@tabler/icons-react';
import { PartCard } from './PartCard.tsx';
import { type DesignPartsByField, matName, type PartSlot } from './parts.ts';
import { SecondPicture } from './SecondPicture.tsx';
import { SizeInput } from './SizeInput.tsx';
import { sixteenthsLabel, sizeText } from './size-labels.ts';

interface MatSettingsProps {
  design: FrameDesign;
  parts: DesignPartsByField;
  errors: ReturnType<typeof validateDesign>;
  /** The design's sizes (each mat's window and board). */
  sizes: ReturnType<typeof designSizes>;
  onChange: (patch: Partial<FrameDesign>) => void;
  onPick: (slot: PartSlot) => void;
  /** A border or gap typed in a form the size input cannot read (Add to Cart waits for it). */
  onRefused: (label: string, refused: boolean) => void;
}

/** The top mat's settings: borders, Lock, opening and its shape, the mats under it and each mat's sizes. */
export function MatSettings({
  design,
  parts,
  errors,
  sizes: s,
  onChange,
  onPick,
  onRefused,
}: MatSettingsProps) {
  const lower = design.lowerMats ?? [];
  const gap = design.matGap ?? 16;

  const setLower = (i: number, patch: Partial<{ code: string; reveal: number }> | null) =>
    onChange({
      lowerMats:
        patch === null
          ? lower.filter((_, k) => k !== i)
          : lower.map((m, k) => (k === i ? { ...m, ...patch } : m)),
    });

  return (
    <Stack gap="xs" mt="sm">
      <Group gap="md" align="flex-start" wrap="wrap">
        <SizeInput
          label="Top / bottom"
          whole={design.matTB}
          frac={design.matTBFrac}
          max={MAT_MAX_BORDER}
          onChange={(w, f) => onChange(setMatBorder(design, 'TB', w, f))}
          onRefused={onRefused}
          error={errors.matTB}
          testId="mat-tb"
        />
        <SizeInput
          label="Left / right"
          whole={design.matLR}
          frac={design.matLRFrac}
          max={MAT_MAX_BORDER}
          onChange={(w, f) => onChange(setMatBorder(design, 'LR', w, f))}
          onRefused={onRefused}
          error={errors.matLR}
          testId="mat-lr"
        />
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Checkbox
          label="Lock"
          checked={design.matLock}
          onChange={(e) => onChange(lockMat(design, e.currentTarget.checked))}
        />
        <NativeSelect
          label="Mat opening"
          value={String(design.matOverlap)}
          onChange={(e) => {
            const matOverlap = Number(e.currentTarget.value);
            if (isMatOverlap(matOverlap)) onChange({ matOverlap });
          }}
          data={MAT_OPENINGS.map((o) => ({ value: String(o.value), label: o.label }))}
          error={errors.matOverlap}
        />
        <NativeSelect
          label="Opening shape"
          value={design.matOpening ?? 'rectangle'}
          onChange={(e) => {
            const matOpening = e.currentTarget.value as MatOpeningShape;
            // one opening has no right-hand picture: it is let go rather than kept out of sight
            onChange(matOpening === 'double' ? { matOpening } : { matOpening, file2: null });
          }}
          data={MAT_OPENING_SHAPES.map((o) => ({ value: o.value, label: o.label }))}
          error={errors.matOpening}
        />
      </Group>
      {design.matOpening === 'double' ? (
        <>
          <SizeInput
            label="Gap between the openings"
            whole={Math.floor(gap / SIXTEENTHS)}
            frac={gap % SIXTEENTHS}
            max={MAT_GAP_MAX / SIXTEENTHS}
            onChange={(w, f) => onChange({ matGap: w * SIXTEENTHS + f })}
            onRefused={onRefused}
            error={errors.matGap}
            testId="mat-gap"
          />
          <SecondPicture file={design.file2 ?? null} onChange={(file2) => onChange({ file2 })} />
        </>
      ) : null}
      {lower.map((m, i) => {
        const slot = { lowerMat: i } as const;
        const name = matName(i + 1, lower.length + 1);
        return (
          <PartCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a mat under the top mat is its layer (middle, bottom)
            key={`${i}-${m.code}`}
            slot={slot}
            testId={`card-lowerMat-${i}`}
            mats={lower.length + 1}
            code={m.code}
            part={parts[`lowerMats.${i}`]}
            error={errors[`lowerMats.${i}`]}
            onPick={onPick}
            onRemove={() => setLower(i, null)}
          >
            <NativeSelect
              mt="xs"
              label="Reveal"
              aria-label={`Reveal of the ${name.toLowerCase()}`}
              description="How much of it shows inside the mat above"
              value={String(m.reveal)}
              onChange={(e) => setLower(i, { reveal: Number(e.currentTarget.value) })}
              data={MAT_REVEALS.map((r) => ({ value: String(r.value), label: r.label }))}
            />
          </PartCard>
        );
      })}
      {errors.lowerMats ? (
        <Text size="sm" c="red.8">
          {errors.lowerMats}
        </Text>
      ) : null}
      {lower.length < MAX_LOWER_MATS ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onPick({ lowerMat: 'new' })}
          aria-label="Add a mat below"
        >
          Add a mat below
        </Button>
      ) : null}
      <Stack gap={0} data-testid="mat-sizes">
        {s.mats.map((m, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a mat is its layer (top, middle, bottom)
          <Text size="xs" c="dimmed" key={`${k}-${m.code}`}>
            {s.mats.length > 1 ? `${matName(k, s.mats.length)}: ` : ''}
            {m.windows.length > 1 ? 'openings 2 of ' : 'opening '}
            {sizeText(m.window)}
            {m.reveal ? ` (${sixteenthsLabel(m.reveal)} reveal)` : ''} · board {sizeText(m.outer)}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
