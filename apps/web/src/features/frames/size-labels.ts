import { formatInches, formatSixteenths } from '@mitrebox/domain';

/** Sizes as the Frame Creator shows them: inches with fractions and the inch mark. */
export const inchesLabel = (inches: number) => `${formatInches(inches)}"`;

export const sixteenthsLabel = (s: number) => `${formatSixteenths(s)}"`;
export const sizeText = (s: { width: number; height: number }) =>
  `${sixteenthsLabel(s.width)} x ${sixteenthsLabel(s.height)}`;
