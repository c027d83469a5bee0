import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSampleLimit,
  DEFAULT_SAMPLE_SETTINGS,
  nextSampleMonth,
  pickSamples,
  readSampleSettings,
  SAMPLE_INSTRUCTIONS,
  sampleLimitMessage,
  samplePriceLabel,
  sampleShippingOf,
  samplesAddedMessage,
  samplesLeft,
} from './corner-samples.ts';

const TZ = 'America/New_York';
const free = { price: '0.00', monthlyLimit: 10 };
const priced = { price: '2.5', monthlyLimit: 3 };

describe('sample settings', () => {
  it.each([
    [undefined, DEFAULT_SAMPLE_SETTINGS],
    ['not json', DEFAULT_SAMPLE_SETTINGS],
    ['{"price":"2.5","monthlyLimit":4}', { price: '2.50', monthlyLimit: 4 }],
    [
      { price: 3, monthlyLimit: 0 },
      { price: '3.00', monthlyLimit: 0 },
    ],
    [{ price: '-1', monthlyLimit: 2.5 }, DEFAULT_SAMPLE_SETTINGS],
    [
      { price: 'abc', monthlyLimit: 5 },
      { price: '0.00', monthlyLimit: 5 },
    ],
  ])('reads %j whole or falls back to the defaults', (data, want) => {
    expect(readSampleSettings(data)).toEqual(want);
  });

  it('labels the price Free or in dollars', () => {
    expect(samplePriceLabel(free)).toBe('Free');
    expect(samplePriceLabel(readSampleSettings(priced))).toBe('$2.50');
  });
});

describe('the monthly limit', () => {
  const may = new Date('2026-05-31T12:00:00Z');

  it('counts what is left, never below 0', () => {
    expect(samplesLeft(free, { ordered: 4, inCart: 3 })).toBe(3);
    expect(samplesLeft(free, { ordered: 9, inCart: 3 })).toBe(0);
  });

  it('names the first of the next month in the business time zone', () => {
    expect(nextSampleMonth(may, TZ)).toBe('June 1');
    // 02:00 UTC on June 1 is still May 31 in New York
    expect(nextSampleMonth(new Date('2026-06-01T02:00:00Z'), TZ)).toBe('June 1');
    expect(nextSampleMonth(new Date('2026-12-15T12:00:00Z'), TZ)).toBe('January 1');
  });

  it('refuses past the limit with a plain message', () => {
    expect(checkSampleLimit(free, { ordered: 4, inCart: 6 }, may, TZ)).toBeNull();
    expect(checkSampleLimit(free, { ordered: 10, inCart: 1 }, may, TZ)).toBe(
      'Your account has ordered its 10 free corner samples this month. More can be ordered from June 1.',
    );
    expect(checkSampleLimit(free, { ordered: 4, inCart: 7 }, may, TZ)).toBe(
      "Your account's 10 free corner samples this month are ordered or in your cart. More can be ordered from June 1.",
    );
    expect(sampleLimitMessage(priced, { ordered: 3, inCart: 0 }, may, TZ)).toBe(
      'Your account has ordered its 3 corner samples this month. More can be ordered from June 1.',
    );
  });

  it('never lets ordered and added samples pass the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), { maxLength: 12 }),
        (limit, ordered, asked) => {
          const s = { price: '0.00', monthlyLimit: limit };
          const left = samplesLeft(s, { ordered, inCart: 0 });
          const r = pickSamples(asked, new Set(), left);
          expect(r.add.length).toBeLessThanOrEqual(left);
          expect(r.add.length + r.leftOut).toBe(new Set(asked).size);
          if (ordered <= limit)
            expect(checkSampleLimit(s, { ordered, inCart: r.add.length }, may, TZ)).toBeNull();
        },
      ),
    );
  });
});

describe('picking a sample set', () => {
  it('skips mouldings already in the cart and stops at the limit', () => {
    expect(pickSamples(['A', 'B', 'B', 'C', 'D'], new Set(['B']), 2)).toEqual({
      add: ['A', 'C'],
      leftOut: 1,
      already: 1,
    });
  });

  it('says what was added and what was left out', () => {
    expect(samplesAddedMessage({ added: 7, leftOut: 5, already: 0 }, 10)).toBe(
      "Added 7 corner samples to your cart. 5 samples left out: your account's limit is 10 a month.",
    );
    expect(samplesAddedMessage({ added: 1, leftOut: 0, already: 1 }, 10)).toBe(
      'Added 1 corner sample to your cart. 1 sample already in your cart.',
    );
  });
});

describe('the ship choice', () => {
  it('round-trips through the line instructions', () => {
    expect(sampleShippingOf(SAMPLE_INSTRUCTIONS.ship_now)).toBe('ship_now');
    expect(sampleShippingOf(SAMPLE_INSTRUCTIONS.with_next_order)).toBe('with_next_order');
    expect(sampleShippingOf(null)).toBe('with_next_order');
  });
});
