import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { FRACTION_OPTIONS, frameMessages, readFrameSize } from '@mitrebox/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import classes from './FrameBuilder.module.css';

interface SizeInputProps {
  label: string;
  whole: number;
  frac: number;
  /** The largest whole number the field takes: a larger one is set to it (storefront §5: over 90 resets to 90). */
  max: number;
  onChange: (whole: number, frac: number) => void;
  /** Told (by label) whether the text is refused: the design keeps its last size meanwhile (useRefusedSizes). */
  onRefused?: (label: string, refused: boolean) => void;
  error?: string | null;
  testId?: string;
}

const FRACTIONS = FRACTION_OPTIONS.map((o) => ({
  value: String(o.value),
  label: o.label === '0' ? '—' : o.label,
}));

/** Whether the text says this size (a whole number says nothing of the fraction list beside it). */
function says(text: string, max: number, whole: number, frac: number) {
  const read = readFrameSize(text, max);
  return read.ok && read.whole === whole && (read.frac === null || read.frac === frac);
}

/** A thumb's tap target on a phone (at least 44 px); 16 px text so that the phone does not zoom in. */
const TAP = { input: { height: 44, minHeight: 44, lineHeight: '42px' } };

/**
 * A size as a framer types it — 16, 16 1/2, 16-1/2, 16.5 — beside a list of sixteenths. The text stays as typed
 * while the person types and the size is read at each keystroke (readFrameSize, the domain's reader); on leaving
 * the field the text shows the whole inches and the list the sixteenths. A text that is not a size is refused
 * with what to type; the design keeps its last size until the text is one.
 */
export function SizeInput({ label, whole, frac, max, onChange, onRefused, error, testId }: SizeInputProps) {
  const [text, setText] = useState(() => String(whole));
  const [capped, setCapped] = useState(false);
  const [shownSize, setShownSize] = useState({ whole, frac });
  // the size changed elsewhere (the Lock, a loaded design): the field shows it
  if (shownSize.whole !== whole || shownSize.frac !== frac) {
    setShownSize({ whole, frac });
    if (!says(text, max, whole, frac)) setText(String(whole));
  }
  const read = readFrameSize(text, max);
  const messageId = useId();
  const message = read.ok ? null : read.message;
  const note = capped ? frameMessages.sizeCapped(max) : null;
  const refused = !read.ok;
  useEffect(() => {
    if (!refused || !onRefused) return;
    onRefused(label, true);
    return () => onRefused(label, false);
  }, [refused, onRefused, label]);

  function type(next: string) {
    setText(next);
    const r = readFrameSize(next, max);
    setCapped(r.ok && r.capped);
    if (r.ok) onChange(r.whole, r.frac ?? frac);
  }

  return (
    <div className={classes.sizeInput}>
      <Group gap={6} align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          size="md"
          styles={TAP}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => type(e.currentTarget.value)}
          onBlur={() => {
            if (read.ok && text.trim() !== '') setText(String(whole));
          }}
          error={Boolean(message || error)}
          aria-describedby={message || error || note ? messageId : undefined}
          w={104}
          data-testid={testId}
          rightSection={<span aria-hidden>in</span>}
        />
        <NativeSelect
          aria-label={`${label} fraction`}
          size="md"
          styles={TAP}
          value={String(frac)}
          onChange={(e) => onChange(whole, Number(e.currentTarget.value))}
          data={FRACTIONS}
          w={96}
          data-testid={testId ? `${testId}-frac` : undefined}
        />
      </Group>
      {message || error ? (
        <Input.Error id={messageId} mt={4} data-testid={testId ? `${testId}-error` : undefined}>
          {message ?? error}
        </Input.Error>
      ) : note ? (
        <Input.Description id={messageId} mt={4} data-testid={testId ? `${testId}-note` : undefined}>
          {note}
        </Input.Description>
      ) : null}
    </div>
  );
}

/** The size fields of a step whose text is refused (SizeInput's onRefused): while one is, the step does not go on. */
export function useRefusedSizes() {
  const [refused, setRefused] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback(
    (label: string, no: boolean) =>
      setRefused((prev) => {
        if (prev.has(label) === no) return prev;
        const next = new Set(prev);
        if (no) next.add(label);
        else next.delete(label);
        return next;
      }),
    [],
  );
  return { any: refused.size > 0, report };
}
