import { Box, type BoxProps } from '@mantine/core';
import { cx } from '../lib/cx.ts';
import classes from './FrameArt.module.css';

/**
 * A framed picture drawn in CSS: four moulding rails meeting at true mitres (each border side its own
 * shade), a gilt fillet, a mat and an abstract landscape. Decorative only.
 */
export function FrameArt({ ratio = '4 / 5', className, ...others }: BoxProps & { ratio?: string }) {
  return (
    <Box {...others} className={cx(classes.frame, className)} aria-hidden="true">
      <div className={classes.fillet}>
        <div className={classes.mat}>
          <div className={classes.art} style={{ aspectRatio: ratio }} />
        </div>
      </div>
    </Box>
  );
}
