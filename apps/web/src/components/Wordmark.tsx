import { Box, type BoxProps } from '@mantine/core';
import { cx } from '../lib/cx.ts';
import classes from './Wordmark.module.css';

/** The mitre mark: two moulding rails meeting at a 45° mitre, gilt on walnut. Decorative. */
export function MitreMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={classes.mark}
    >
      <rect width="32" height="32" rx="7" fill="#2e1d11" />
      <path d="M7 7h18v6H13z" fill="#e2bd63" />
      <path d="M7 7l6 6v12H7z" fill="#b88a3b" />
      <path d="M7 7l6 6" stroke="#2e1d11" strokeWidth="0.75" />
    </svg>
  );
}

interface WordmarkProps extends BoxProps {
  /** On dark backgrounds (footer, hero). */
  inverted?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** 'Mitrebox' with its mark. Decorative text is hidden from assistive technology; the link around it names it. */
export function Wordmark({ inverted = false, size = 'md', className, ...others }: WordmarkProps) {
  const px = size === 'lg' ? 40 : size === 'sm' ? 26 : 32;
  return (
    <Box
      {...others}
      className={cx(classes.root, className)}
      data-inverted={inverted || undefined}
      data-size={size}
      aria-hidden="true"
    >
      <MitreMark size={px} />
      <span className={classes.text}>
        Mitre<span className={classes.accent}>box</span>
      </span>
    </Box>
  );
}
