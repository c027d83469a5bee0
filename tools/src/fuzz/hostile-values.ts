// The hostile values the fuzzer (openapi-fuzz.ts) puts in one part of a request: strings, values of every
// type, raw bodies of the wrong shape or type (binary ones included), and the core set every slot gets.
import fc from 'fast-check';

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '%00',
  '\u0001\u0008\u000b\u001b\u007f',
  '\uD800',
  'x\uDFFFy',
  '\uFFFE\uFFFF',
  "' OR '1'='1' --",
  '1; drop table orders; --',
  "1' union select password_hash from users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  // a template-injection probe, written as a plain string on purpose
  `$${'{'}7*7}{{7*7}}#{7*7}`,
  '\u202Eevil\u202C',
  '🖼️🧵🪚',
  'Z̸̡̢͇̈́a̶l̷g̸o̵',
  '',
  ' ',
  '-1',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0x1F',
  '１２３',
  '9'.repeat(400),
  'A'.repeat(70_000),
];

export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  [],
  [1, 'a', null],
  {},
  { $ne: null },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  Array.from({ length: 2000 }, (_, i) => i),
  JSON.parse('{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":{}}}}}}}}}'),
];

const MALFORMED_BODIES = ['{', '{"a":', '[', 'nul', '"unterminated', '\u0000', '{"a":1}}', "{'a':1}", 'NaN'];

/** In the systematic pass: the slot's own plausible value with a NUL (or another control) appended. */
export const WITH_NUL = Symbol('plausible value + NUL');
export const WITH_SURROGATE = Symbol('plausible value + lone surrogate');
export const NUL_INSIDE = Symbol('NUL after the first character of the plausible value');
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);
export const hostileValue = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/**
 * Random bytes of a seeded xorshift (the same seed, the same bytes: a finding replays); a JPEG's start of image
 * first when `jpeg`, so that an image reader gets past its first check.
 */
export function randomBytes(size: number, seed: number, jpeg = false): Uint8Array {
  const bytes = new Uint8Array(size);
  let x = seed | 0 || 0x9e3779b9;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  if (jpeg) bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00].slice(0, size));
  return bytes;
}

export type RawBody = { payload: string | Uint8Array; contentType: string };
const BINARY_TYPES = ['application/octet-stream', 'image/jpeg'] as const;
/** A binary body of 4–64 KB (random bytes; a JPEG's first bytes for image/jpeg). */
export const binaryBody: fc.Arbitrary<RawBody> = fc
  .record({
    size: fc.integer({ min: 4096, max: 65_536 }),
    seed: fc.integer(),
    contentType: fc.constantFrom(...BINARY_TYPES),
  })
  .map(({ size, seed, contentType }) => ({
    payload: randomBytes(size, seed, contentType === 'image/jpeg'),
    contentType,
  }));

export const RAW_BODIES: RawBody[] = [
  ...MALFORMED_BODIES.map((payload) => ({ payload, contentType: 'application/json' })),
  { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '<a>1</a>', contentType: 'application/xml' },
  // binary bodies of every systematic pass: small, and the same each run
  { payload: randomBytes(4096, 1), contentType: 'application/octet-stream' },
  { payload: randomBytes(16_384, 2, true), contentType: 'image/jpeg' },
];

/** The values every slot of every operation gets in the systematic pass: the kinds that broke shops before. */
export const CORE_HOSTILE: unknown[] = [
  WITH_NUL,
  NUL_INSIDE,
  WITH_SURROGATE,
  'a\u0000b',
  '\uD800',
  '\u0001\u001b',
  "' OR '1'='1' --",
  'A'.repeat(70_000),
  -1,
  1e308,
  { $ne: null },
  [1, 2],
  null,
];
