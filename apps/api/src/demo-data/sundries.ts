/** The rest of the demo catalogue's range: foam boards, readymade frames, hardware and framing supplies. */

const FOAM_KINDS = [
  {
    code: 'W316',
    name: '3/16" White',
    finish: 'White',
    perSqFt: 55,
    swatch: '#f4f4f0',
    note: 'Polystyrene core with clay-coated paper faces.',
  },
  {
    code: 'B316',
    name: '3/16" Black',
    finish: 'Black',
    perSqFt: 70,
    swatch: '#202020',
    note: 'Black core and black faces.',
  },
  {
    code: 'A316',
    name: '3/16" Acid-Free White',
    finish: 'White',
    perSqFt: 95,
    swatch: '#f6f5ef',
    note: 'Buffered acid-free faces for conservation framing.',
  },
  {
    code: 'S316',
    name: '3/16" Self-Adhesive',
    finish: 'White',
    perSqFt: 120,
    swatch: '#f1f0ea',
    note: 'Pressure-sensitive adhesive face with release liner.',
  },
  {
    code: 'W12',
    name: '1/2" White',
    finish: 'White',
    perSqFt: 110,
    swatch: '#f3f3ee',
    note: 'Half-inch board for shadow boxes and mounting.',
  },
];

export const FOAM_COMBOS = FOAM_KINDS.flatMap((k) =>
  (
    [
      [32, 40],
      [40, 60],
      [48, 96],
    ] as [number, number][]
  ).map((s) => [k, s] as const),
);

export const READYMADE_FINISHES = {
  BLK: 'Black Satin',
  WHT: 'White Satin',
  WAL: 'Walnut',
  GLD: 'Bright Gold',
  SLV: 'Brushed Silver',
  OAK: 'Natural Oak',
} as const;

export const READYMADE_COMBOS = (
  Object.keys(READYMADE_FINISHES) as (keyof typeof READYMADE_FINISHES)[]
).flatMap((f) =>
  (
    [
      [11, 14],
      [8, 10],
      [16, 20],
      [5, 7],
      [18, 24],
      [12, 16],
      [24, 36],
    ] as [number, number][]
  ).map((s) => [f, s] as const),
);

export interface Item {
  code: string;
  name: string;
  price: number;
  note: string;
  swatch: string;
  finish?: string;
}

export const HARDWARE_ITEMS: Item[] = [
  {
    code: 'HW-SAW-100',
    name: 'Sawtooth Hangers, pack of 100',
    price: 695,
    swatch: '#9a9ea2',
    note: 'Nail-on sawtooth hangers for small frames up to 10 lb.',
  },
  {
    code: 'HW-DR1-100',
    name: 'D-Rings 1-Hole Small, pack of 100',
    price: 750,
    swatch: '#b39b5e',
    finish: 'Brass',
    note: 'Brass-plated steel, 20 lb each.',
  },
  {
    code: 'HW-DR2-100',
    name: 'D-Rings 2-Hole Large, pack of 100',
    price: 1125,
    swatch: '#b39b5e',
    finish: 'Brass',
    note: 'Brass-plated steel, 50 lb each.',
  },
  {
    code: 'HW-STR-100',
    name: 'Strap Hangers 1-Hole, pack of 100',
    price: 980,
    swatch: '#a3a7aa',
    note: 'Zinc-plated strap hangers for wire hanging.',
  },
  {
    code: 'HW-W03-25',
    name: 'Braided Picture Wire #3, 25 ft',
    price: 410,
    swatch: '#b5b8ba',
    note: 'Galvanised braided wire, 20 lb.',
  },
  {
    code: 'HW-W05-100',
    name: 'Braided Picture Wire #5, 100 ft',
    price: 1290,
    swatch: '#b5b8ba',
    note: 'Galvanised braided wire, 40 lb.',
  },
  {
    code: 'HW-W08-100',
    name: 'Stainless Picture Wire #8, 100 ft',
    price: 2450,
    swatch: '#c2c5c7',
    note: 'Stainless steel, 75 lb.',
  },
  {
    code: 'HW-OC4-100',
    name: 'Offset Clips 1/4", pack of 100',
    price: 840,
    swatch: '#a0a4a8',
    note: 'For canvas and panels in shallow rabbets.',
  },
  {
    code: 'HW-OC8-100',
    name: 'Offset Clips 1/2", pack of 100',
    price: 910,
    swatch: '#a0a4a8',
    note: 'For stretched canvas.',
  },
  {
    code: 'HW-TB-100',
    name: 'Turn Buttons with Screws, pack of 100',
    price: 1050,
    swatch: '#b39b5e',
    finish: 'Brass',
    note: 'Hold backing in place; easy to remove.',
  },
  {
    code: 'HW-SEC-25',
    name: 'Security Hanger T-Lock Kit, 25 sets',
    price: 3800,
    swatch: '#8d9194',
    note: 'Tamper-resistant hanging with spanner key.',
  },
  {
    code: 'HW-CVC-100',
    name: 'Canvas Clips, pack of 100',
    price: 1360,
    swatch: '#9ea3a6',
    note: 'Spring-steel clips for floater frames.',
  },
  {
    code: 'HW-MIR-50',
    name: 'Mirror Hangers Heavy Duty, pack of 50',
    price: 1975,
    swatch: '#a6aaad',
    note: 'For mirrors and heavy frames up to 100 lb.',
  },
  {
    code: 'HW-ZB12-20',
    name: 'Z-Bar Wall Hangers 12", pack of 20',
    price: 2700,
    swatch: '#c4c7c9',
    note: 'Interlocking aluminium bars keep frames level.',
  },
  {
    code: 'HW-SE212-100',
    name: 'Screw Eyes #212, pack of 100',
    price: 520,
    swatch: '#b39b5e',
    finish: 'Brass',
    note: 'Classic screw eyes for wire hanging.',
  },
  {
    code: 'HW-SPC-100',
    name: 'Spring Clips 3/4", pack of 100',
    price: 1190,
    swatch: '#9da1a4',
    note: 'For metal frames and thicker packages.',
  },
  {
    code: 'HW-HN30-100',
    name: 'Hook & Nail 30 lb, pack of 100',
    price: 630,
    swatch: '#b39b5e',
    finish: 'Brass',
    note: 'Wall hooks for customer take-home packs.',
  },
];

export const SUPPLY_ITEMS: Item[] = [
  {
    code: 'SUP-ATG-12',
    name: 'ATG Tape 1/2" x 36 yd, case of 12',
    price: 4200,
    swatch: '#d9d2bf',
    note: 'Acid-free transfer tape for ATG guns.',
  },
  {
    code: 'SUP-FT1-1',
    name: 'Framer\'s Tape II 1", roll',
    price: 680,
    swatch: '#e6dfcc',
    note: 'Gummed paper hinging tape.',
  },
  {
    code: 'SUP-LIN-1',
    name: 'Linen Hinging Tape 1-1/4", roll',
    price: 1420,
    swatch: '#ebe6d8',
    note: 'Water-activated linen tape.',
  },
  {
    code: 'SUP-KDC-500',
    name: 'Kraft Dust Cover Paper 36" x 500 ft',
    price: 5800,
    swatch: '#b08a5a',
    note: 'Backing paper for a clean, dust-free finish.',
  },
  {
    code: 'SUP-BDC-250',
    name: 'Black Dust Cover 36" x 250 ft',
    price: 4600,
    swatch: '#262626',
    note: 'Black backing paper.',
  },
  {
    code: 'SUP-FLX-5000',
    name: 'Flexible Glazier Points 7/8", box of 5000',
    price: 3250,
    swatch: '#a9adb0',
    note: 'For point drivers.',
  },
  {
    code: 'SUP-RIG-5000',
    name: 'Rigid Framer\'s Points 5/8", box of 5000',
    price: 2900,
    swatch: '#a9adb0',
    note: 'For point drivers.',
  },
  {
    code: 'SUP-V7-2000',
    name: 'V-Nails 7 mm Hardwood, box of 2000',
    price: 2400,
    swatch: '#9a9da0',
    note: 'Underpinner wedges for hardwood joins.',
  },
  {
    code: 'SUP-GLU-1G',
    name: 'PVA Frame Glue, 1 gallon',
    price: 2150,
    swatch: '#f0ece0',
    note: 'Fast-grab glue for mitre joins.',
  },
  {
    code: 'SUP-BMP-1000',
    name: 'Clear Bumpers 3/8", pack of 1000',
    price: 1250,
    swatch: '#dfe5e6',
    note: 'Keep frames off the wall and level.',
  },
  {
    code: 'SUP-GCL-12',
    name: 'Glass Cleaner 19 oz, case of 12',
    price: 4800,
    swatch: '#7fb3d5',
    note: 'Ammonia-free, safe on acrylic.',
  },
  {
    code: 'SUP-MTS-4060',
    name: 'Dry Mount Tissue 40x60, pack of 25',
    price: 6200,
    swatch: '#efeee8',
    note: 'Permanent heat-activated mounting tissue.',
  },
];
