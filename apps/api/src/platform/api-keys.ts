import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys of the form `<brand>_<12 hex prefix>_<43 base64url secret>` (32 random bytes: a fast hash is enough).
 * The shop keeps the prefix, which finds the key's row and names it in lists, and the SHA-256 of the whole key,
 * compared in constant time. The ERP's keys are `mbx_`, an account's point-of-sale keys `mbs_`.
 */
export type KeyBrand = 'mbx' | 'mbs';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A new key: shown once, stored as `prefix` and `hash`. */
export function newApiKey(brand: KeyBrand): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(6).toString('hex');
  const key = `${brand}_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: sha256(key) };
}

/** The prefix of a well-formed key of this brand, else undefined (nothing is looked up for a malformed key). */
export function prefixOfKey(brand: KeyBrand, key: string): string | undefined {
  const m = /^(mb[xs])_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/.exec(key);
  return m && m[1] === brand ? m[2] : undefined;
}

/** Whether `key` is the one whose hash was kept, compared in constant time. */
export function keyMatches(storedHash: string, key: string): boolean {
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(sha256(key), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
