import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProductImage } from '../../components/ProductImage.tsx';
import classes from './FrameBuilder.module.css';
import { type DesignPartsByField, type PartSlot, SLOT_TITLE } from './parts.ts';

export interface PartCardProps {
  slot: PartSlot;
  /** How many mats the design has (names a lower mat Middle or Bottom). */
  mats?: number;
  testId: string;
  code: string | null | undefined;
  part: DesignPartsByField[string];
  error?: string;
  /** What the part is for, shown while none is chosen. */
  hint?: string;
  onPick: (slot: PartSlot) => void;
  onRemove: () => void;
  children?: ReactNode;
}

/** One part of the design: its picture, item # and name, Select and Remove, and its own settings below. */
export function PartCard({
  slot,
  mats,
  testId,
  code,
  part,
  error,
  hint,
  onPick,
  onRemove,
  children,
}: PartCardProps) {
  const title = SLOT_TITLE(slot, mats);
  return (
    <Paper withBorder p="sm" radius="md" className={classes.partSlot} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <div className={classes.partThumb}>
            {part ? (
              <ProductImage src={part.image} alt="" size={120} />
            ) : (
              <div className={classes.partEmpty} />
            )}
          </div>
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {title}
            </Text>
            {code ? (
              <>
                <Text fw={700}>{code}</Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {part?.display_name ?? ''}
                  {part?.FrameType === 'MOULDING' && part.width_display
                    ? ` · ${part.width_display}" wide`
                    : ''}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {hint ?? 'None'}
              </Text>
            )}
            {error ? (
              <Text size="sm" c="red.8">
                {error}
              </Text>
            ) : null}
          </div>
        </Group>
        <Stack gap={4}>
          <Button size="xs" onClick={() => onPick(slot)} aria-label={`Select ${title}`}>
            Select
          </Button>
          {code ? (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${title}`}>
              Remove
            </Button>
          ) : null}
        </Stack>
      </Group>
      {children}
    </Paper>
  );
}
