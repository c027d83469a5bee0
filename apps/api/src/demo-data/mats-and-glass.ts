/** The mat boards and glazing the demo catalogue draws from: colours, mat lines, glass types and sheet sizes. */
import type { ColorFamilyName } from './reference.ts';

export interface MatColor {
  name: string;
  swatch: string;
  family: ColorFamilyName;
}

export const MAT_COLORS: MatColor[] = [
  { name: 'Bright White', swatch: '#f7f7f2', family: 'White' },
  { name: 'Arctic White', swatch: '#f2f4f1', family: 'White' },
  { name: 'Antique White', swatch: '#ede5d4', family: 'White' },
  { name: 'Eggshell', swatch: '#eee8d8', family: 'Cream' },
  { name: 'Cream', swatch: '#efe3c4', family: 'Cream' },
  { name: 'Ivory', swatch: '#ebe0c6', family: 'Cream' },
  { name: 'Oyster', swatch: '#d9d1c1', family: 'Cream' },
  { name: 'Fawn', swatch: '#c7b498', family: 'Brown' },
  { name: 'Taupe', swatch: '#a49483', family: 'Brown' },
  { name: 'Putty', swatch: '#b8ab98', family: 'Gray' },
  { name: 'Pearl Gray', swatch: '#c8c8c4', family: 'Gray' },
  { name: 'Smoke Gray', swatch: '#8d8e8b', family: 'Gray' },
  { name: 'Charcoal', swatch: '#444648', family: 'Gray' },
  { name: 'Black', swatch: '#1d1d1d', family: 'Black' },
  { name: 'Navy', swatch: '#253452', family: 'Blue' },
  { name: 'Slate Blue', swatch: '#5b7089', family: 'Blue' },
  { name: 'Sky', swatch: '#a8bdd0', family: 'Blue' },
  { name: 'Sage', swatch: '#99a689', family: 'Green' },
  { name: 'Hunter Green', swatch: '#2f4937', family: 'Green' },
  { name: 'Olive', swatch: '#6e6a43', family: 'Green' },
  { name: 'Burgundy', swatch: '#6a2331', family: 'Red' },
  { name: 'Brick', swatch: '#8d4633', family: 'Red' },
  { name: 'Terracotta', swatch: '#ae674a', family: 'Red' },
  { name: 'Blush', swatch: '#d8b3a5', family: 'Red' },
  { name: 'Mustard', swatch: '#c2993a', family: 'Gold' },
  { name: 'Chocolate', swatch: '#4a3326', family: 'Brown' },
];

export const MAT_LINES = {
  B: {
    name: 'Standard',
    short: 'Standard',
    core: 'white core',
    price: 895,
    note: 'Alpha-cellulose, acid-free and buffered.',
    colors: undefined as MatColor[] | undefined,
  },
  C: {
    name: 'Conservation',
    short: 'Conservation',
    core: 'white core',
    price: 1395,
    note: 'Lignin-free conservation board for works on paper.',
    colors: undefined,
  },
  R: {
    name: 'Museum Rag',
    short: 'Rag',
    core: 'solid rag core',
    price: 2450,
    note: '100% cotton rag, museum grade.',
    colors: MAT_COLORS.filter((m) =>
      [
        'Bright White',
        'Arctic White',
        'Antique White',
        'Eggshell',
        'Cream',
        'Ivory',
        'Black',
        'Pearl Gray',
      ].includes(m.name),
    ),
  },
  S: {
    name: 'Suede',
    short: 'Suede',
    core: 'white core',
    price: 1925,
    note: 'Micro-suede surface with a crisp white bevel.',
    colors: undefined,
  },
  K: {
    name: 'Black Core',
    short: 'Black Core',
    core: 'black core',
    price: 1195,
    note: 'Solid black core for a dark bevel line.',
    colors: undefined,
  },
} as const;

export const MAT_LINE_WEIGHTS: [keyof typeof MAT_LINES, number][] = [
  ['B', 5],
  ['C', 2],
  ['R', 1],
  ['S', 1],
  ['K', 1],
];

export interface GlassType {
  code: string;
  name: string;
  finish: string;
  perSqFt: number;
  swatch: string;
  acrylic: boolean;
  note: string;
}

export const GLASS_TYPES: GlassType[] = [
  {
    code: 'CC',
    name: 'Clear Glass',
    finish: 'Clear',
    perSqFt: 95,
    swatch: '#dfe8ea',
    acrylic: false,
    note: '2 mm premium clear picture glass.',
  },
  {
    code: 'NG',
    name: 'Non-Glare Glass',
    finish: 'Non-Glare',
    perSqFt: 175,
    swatch: '#e3e7e6',
    acrylic: false,
    note: 'Etched non-glare surface; keep close to the art.',
  },
  {
    code: 'CU',
    name: 'Conservation Clear',
    finish: 'UV Clear',
    perSqFt: 440,
    swatch: '#dde7ea',
    acrylic: false,
    note: 'Blocks 99% of UV light.',
  },
  {
    code: 'CR',
    name: 'Conservation Reflection Control',
    finish: 'UV Non-Glare',
    perSqFt: 520,
    swatch: '#e1e6e5',
    acrylic: false,
    note: '99% UV protection with a reflection-control finish.',
  },
  {
    code: 'MU',
    name: 'Museum Glass',
    finish: 'Anti-Reflective UV',
    perSqFt: 1480,
    swatch: '#e6ecea',
    acrylic: false,
    note: 'Anti-reflective coating, 99% UV protection, museum grade.',
  },
  {
    code: 'AC',
    name: 'Clear Acrylic',
    finish: 'Clear',
    perSqFt: 260,
    swatch: '#e4ecee',
    acrylic: true,
    note: '2.5 mm shatter-resistant acrylic, masked both sides.',
  },
  {
    code: 'AU',
    name: 'UV Acrylic',
    finish: 'UV Clear',
    perSqFt: 490,
    swatch: '#e2eaec',
    acrylic: true,
    note: 'UV-filtering acrylic for oversize and shipping.',
  },
  {
    code: 'AN',
    name: 'Non-Glare Acrylic',
    finish: 'Non-Glare',
    perSqFt: 380,
    swatch: '#e5e8e8',
    acrylic: true,
    note: 'Matte non-glare acrylic.',
  },
];

export const GLASS_SIZES: [number, number][] = [
  [8, 10],
  [11, 14],
  [12, 16],
  [16, 20],
  [18, 24],
  [20, 24],
  [24, 30],
  [24, 36],
  [30, 40],
  [32, 40],
  [36, 48],
  [40, 60],
];
