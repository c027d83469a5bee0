/**
 * How a moulding (or fillet) looks, read from the catalogue's data: its colour (the swatch), the kind of surface
 * its finish name describes, and the shape of its face across the width from its profile name. One definition
 * for the Frame Creator's drawing (frame-drawing.ts) and the catalogue's product art, so that a Scoop in Gold
 * Leaf reads the same in both.
 */

export type Rgb = [number, number, number];

/** The kind of surface a finish is: it decides the texture (grain, brushing, leaf squares) and the shine. */
export type FinishKind = 'leaf' | 'metal' | 'wood' | 'paint' | 'gloss' | 'distressed';

/** The catalogue's profile types (Flat, Scoop, Reverse, Cap, Bevel, Floater, Rounded, Stepped, Box). */
export type ProfileKind =
  | 'flat'
  | 'scoop'
  | 'reverse'
  | 'cap'
  | 'bevel'
  | 'floater'
  | 'rounded'
  | 'stepped'
  | 'box';

/** A '#rrggbb' swatch as red, green and blue (0–255); anything else is the fallback. */
export function swatchRgb(hex: string | null | undefined, fallback: Rgb = [150, 130, 100]): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return fallback;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Reads the finish kind from its name (Gold Leaf → leaf, Walnut → wood, Black Lacquer → gloss…). */
export function finishKind(name: string | null | undefined): FinishKind {
  const n = (name ?? '').toLowerCase();
  if (/leaf|gilt|gild/.test(n)) return 'leaf';
  if (/antique (gold|silver)|champagne/.test(n)) return 'leaf';
  if (/barn|drift|distress|reclaim|weather/.test(n)) return 'distressed';
  if (/lacquer|gloss|burgundy/.test(n)) return 'gloss';
  if (/gold|silver|pewter|bronze|copper|brushed|chrome|metal/.test(n)) return 'metal';
  if (
    /walnut|oak|maple|cherry|mahogany|espresso|chestnut|ebony|ash|wash|pine|cypress|wood|teak|birch/.test(n)
  )
    return 'wood';
  return 'paint';
}

/** Reads the profile kind from the catalogue's profile name ('Scoop', 'Bullnose' → rounded…); flat otherwise. */
export function profileKind(name: string | null | undefined): ProfileKind {
  const n = (name ?? '').toLowerCase();
  for (const k of ['scoop', 'reverse', 'cap', 'bevel', 'floater', 'stepped', 'box'] as const)
    if (n.includes(k)) return k;
  if (n.includes('round') || n.includes('bullnose')) return 'rounded';
  if (n.includes('float')) return 'floater';
  if (n.includes('step')) return 'stepped';
  return 'flat';
}

/** A colour as '#rrggbb', each channel rounded and held to 0–255. */
export const rgbHex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The colour a fraction t of the way from a to b. */
export const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A colour lightened (k > 1) or darkened (k < 1). */
export const scaleRgb = (a: Rgb, k: number): Rgb => [a[0] * k, a[1] * k, a[2] * k];

/** 0 below e0, 1 above e1, and an S-curve between (GLSL's smoothstep). */
export const smoothstep = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** Height of the face across its width: t = 0 at the outer edge, 1 at the sight edge (the lip); 0..1. */
export function profileHeight(kind: ProfileKind, t: number): number {
  const edge = (x: number) => 0.82 + 0.18 * smoothstep(0, 0.05, x) * (1 - smoothstep(0.95, 1, x));
  switch (kind) {
    case 'scoop': {
      const bead = 0.92 + 0.08 * Math.sin(Math.min(1, t / 0.16) * Math.PI);
      const cove = 0.5 + 0.42 * Math.cos(((t - 0.16) / 0.66) * Math.PI) ** 2;
      const lip = 0.72 + 0.12 * Math.sin(((t - 0.82) / 0.18) * Math.PI);
      const v =
        t < 0.16
          ? bead
          : t < 0.82
            ? t < 0.49
              ? Math.max(cove, 0.5)
              : 0.5 + 0.22 * smoothstep(0.49, 0.82, t)
            : lip;
      return v * edge(t);
    }
    case 'reverse':
      return (
        (0.35 + 0.6 * smoothstep(0, 0.92, t) - 0.25 * smoothstep(0.95, 1, t)) *
        (0.9 + 0.1 * smoothstep(0, 0.04, t))
      );
    case 'cap': {
      const cap =
        t < 0.3 ? 0.7 + 0.3 * Math.sin((t / 0.3) * (Math.PI / 2)) : 1 - 0.55 * smoothstep(0.3, 0.9, t);
      return cap * (1 - 0.12 * smoothstep(0.96, 1, t));
    }
    case 'bevel':
      return (1 - 0.6 * smoothstep(0.05, 0.98, t) ** 0.8) * edge(t);
    case 'rounded':
      return Math.max(0.25, Math.sqrt(Math.max(0, 1 - (2 * t - 1) ** 2))) * 0.9 + 0.1;
    case 'stepped': {
      const steps = 1 - 0.22 * smoothstep(0.3, 0.36, t) - 0.22 * smoothstep(0.64, 0.7, t);
      return steps * edge(t);
    }
    case 'floater':
      return t < 0.32 ? edge(t / 0.32) : 0.05 + 0.95 * (1 - smoothstep(0.32, 0.4, t)) * 0.1;
    default:
      return edge(t);
  }
}

/** Where a row of beads runs on an ornate face (fractions of the face from the outer edge), by profile. */
export function ornamentBand(kind: ProfileKind): [number, number] {
  switch (kind) {
    case 'scoop':
      return [0.03, 0.16];
    case 'cap':
      return [0.06, 0.26];
    case 'reverse':
      return [0.78, 0.93];
    case 'stepped':
      return [0.36, 0.62];
    default:
      return [0.08, 0.24];
  }
}

/** What the catalogue says of a moulding's look (product fields swatch, finish_name, profile_type, style_name). */
export interface MouldingLookInput {
  swatch: string | null;
  finishName: string | null;
  profileName: string | null;
  styleName?: string | null;
}

/** A moulding's look, read once: colour, surface, face shape, and whether its face carries beads (Ornate). */
export interface MouldingLookKind {
  base: Rgb;
  finish: FinishKind;
  profile: ProfileKind;
  ornate: boolean;
}

export function mouldingLook(m: MouldingLookInput): MouldingLookKind {
  const profile = profileKind(m.profileName);
  return {
    base: swatchRgb(m.swatch),
    finish: finishKind(m.finishName),
    profile,
    ornate: /ornate/i.test(m.styleName ?? '') && profile !== 'floater',
  };
}
