import type { productStock, products } from '../../../apps/api/src/schema.ts';
import { COLLECTION_BY_ID, COLLECTIONS, type CollectionDef, type StyleName } from './collections.ts';
import { cents, fraction, inches } from './money.ts';
import { Rng } from './random.ts';
import {
  COLOR_FAMILY,
  type ColorFamilyName,
  FINISHES,
  LOCATION_CODES,
  type LocationCode,
  PRODUCT_TYPE,
  PROFILE,
  type ProfileName,
} from './reference.ts';

export type ProductRow = typeof products.$inferInsert;
export type StockRow = typeof productStock.$inferInsert;

/** Per-location on hand and committed quantity (units: feet for mouldings and fillets, else each). */
type StockSpec = Partial<Record<LocationCode, [onhand: number, commit?: number]>>;

/**
 * Products every demo database has, whatever its size, so tests and demos can name them. They are the
 * first products generated; the rest follow from the seeded generator.
 */
export const SEED_FIXTURES = {
  /** Ferrara 2-1/4" Antique Gold: ornate scoop, box of 90 ft, stocked in every warehouse. */
  moulding: 'FER-133-0412',
  /** Innsbruck 1-3/8" Walnut: hardwood, no box. */
  innsbruck: 'INN-159-0208',
  /** Modena 1" Black Lacquer. */
  modena: 'MOD-132-0105',
  /** Value Line 3/4" Black Satin: box of 120 ft with box_nodiscount = 1. */
  valueLine: 'VL-87-0101',
  /** A moulding with bypass = 'BYPASS' (no discounts). */
  bypass: 'MOD-132-0320',
  /** A moulding with zero on hand in every warehouse (back-order prompts). */
  backordered: 'FER-133-0977',
  /** A floater for canvas. */
  floater: 'GFL-176-0150',
  /** Arctic White standard mat, ManufCode B8601. */
  mat: 'MAT-B8601',
  matManufCode: 'B8601',
  /** Black-core mat with no stock in Denver (G): 'Not stocked in this location'. */
  matNotInDenver: 'MAT-K7001',
  /** Clear glass 16x20. */
  glass: 'GL-CC-1620',
  /** Museum glass 16x20. */
  museumGlass: 'GL-MU-1620',
  /** Sawtooth hangers, pack of 100. */
  hardware: 'HW-SAW-100',
  /** Ferrara 3/8" gold fillet (type 3, collection 133). */
  fillet: 'FIL-133-0301',
  /** 3/16" white foam board 32x40 (type 6). */
  foamBoard: 'FB-W316-3240',
  /** 11x14 black readymade frame (type 13). */
  readymade: 'RM-1114-BLK',
  /** ATG tape, case of 12 (type 14). */
  supplies: 'SUP-ATG-12',
} as const;

type Kind = 'moulding' | 'mat' | 'glass' | 'hardware' | 'fillet' | 'foam' | 'readymade' | 'supplies';

/** One block of 200 products: 70% mouldings, 15% mats, 5% glass, 4% hardware, 3% fillets, 3% the rest. */
const BLOCK: [Kind, number][] = [
  ['moulding', 140],
  ['mat', 30],
  ['glass', 10],
  ['hardware', 8],
  ['fillet', 6],
  ['foam', 3],
  ['readymade', 2],
  ['supplies', 1],
];

const LAYOUT: Kind[] = new Rng('mitrebox-layout').shuffle(BLOCK.flatMap(([k, n]) => Array<Kind>(n).fill(k)));

const money = (c: number | null) => (c === null ? null : cents(Math.round(c)));
/** Round a cent amount to the nearest 5 cents, as price lists do. */
const r5 = (c: number) => Math.max(5, Math.round(c / 5) * 5);

interface Built {
  row: ProductRow;
  stock: StockRow[];
}

class CatalogueBuilder {
  readonly rng = new Rng('mitrebox-catalogue-v1');
  readonly codes = new Set<string>(Object.values(SEED_FIXTURES));
  private readonly seq = new Map<string, number>();
  private matNumbers: Record<string, number> = { B: 8620, C: 1100, R: 4001, S: 5501, K: 7010 };
  private glassIndex = 0;
  private foamIndex = 0;
  private readymadeIndex = 0;
  private hardwareIndex = 0;
  private suppliesIndex = 0;
  private readonly glassCombos = new Rng('mitrebox-glass').shuffle(
    GLASS_TYPES.flatMap((g) => GLASS_SIZES.map((s) => [g, s] as const)),
  );

  unique(base: string): string {
    if (!this.codes.has(base)) {
      this.codes.add(base);
      return base;
    }
    for (let k = 2; ; k++) {
      const code = `${base}-${k}`;
      if (!this.codes.has(code)) {
        this.codes.add(code);
        return code;
      }
    }
  }

  /** The next free code of a numbered series: the number grows by 1–3 each time. */
  private seqCode(key: string, start: number, format: (n: number) => string): string {
    let n = this.seq.get(key) ?? start;
    let code: string;
    do {
      n += this.rng.int(1, 3);
      code = format(n);
    } while (this.codes.has(code));
    this.seq.set(key, n);
    this.codes.add(code);
    return code;
  }

  /** Stock with a realistic spread: some items out everywhere, some missing in one warehouse. */
  stock(code: string, scale: number, spec?: StockSpec): StockRow[] {
    const rng = this.rng;
    const outEverywhere = spec ? false : rng.chance(0.07);
    return LOCATION_CODES.map((location) => {
      let onhand = 0;
      let commit = 0;
      if (spec) {
        [onhand, commit = 0] = spec[location] ?? [0, 0];
      } else if (!outEverywhere && !rng.chance(0.15)) {
        const home = location === 'C' ? 1.6 : location === 'G' ? 0.7 : 1;
        onhand = Math.max(1, Math.round(rng.next() * rng.next() * scale * home));
        if (rng.chance(0.35)) commit = Math.round(onhand * rng.next() * 0.3);
        if (rng.chance(0.01)) commit = onhand + rng.int(1, 20); // over-committed: available clamps to 0
      }
      return { code, location, onhand: cents(onhand * 100), commitAmt: cents(commit * 100) };
    });
  }

  moulding(opts: {
    col?: CollectionDef;
    finish?: string;
    profile?: ProfileName;
    style?: StyleName;
    widthS?: number;
    code?: string;
    boxQty?: number;
    boxNoDiscount?: number;
    bypass?: boolean;
    frameLine?: 'A' | 'D';
    stock?: StockSpec;
  }): Built {
    const rng = this.rng;
    const col = opts.col ?? rng.weighted(COLLECTION_WEIGHTS);
    const finish = FINISHES[opts.finish ?? rng.pick(col.finishes)];
    const profile = opts.profile ?? rng.pick(col.profiles);
    const style: StyleName = opts.style ?? (profile === 'Floater' ? 'Floater' : rng.pick(col.styles));
    let widthS = opts.widthS ?? rng.int(col.widths[0], col.widths[1]);
    if (opts.widthS === undefined)
      widthS = rng.chance(0.7) ? Math.round(widthS / 4) * 4 : Math.round(widthS / 2) * 2;
    widthS = Math.min(72, Math.max(12, widthS));
    const floater = profile === 'Floater';
    const rabbetS = floater ? rng.pick([20, 24, 28, 32, 40]) : rng.pick([4, 5, 6, 6, 8, 8, 10, 12]);
    const heightS = floater
      ? rabbetS + rng.pick([4, 6, 8])
      : Math.max(rabbetS + 4, Math.round(widthS * (0.35 + rng.next() * 0.4)));
    const code =
      opts.code ??
      (col.prefix
        ? this.seqCode(col.prefix, 100, (n) => `${col.prefix}-${col.id}-${String(n).padStart(4, '0')}`)
        : this.seqCode(String(col.id), 100, (n) => `${col.id}${String(n).padStart(4, '0')}`));
    const length = r5((90 + widthS * 11) * col.factor * finish.factor * (0.92 + rng.next() * 0.16));
    const boxed = opts.boxQty !== undefined ? opts.boxQty > 0 : rng.chance(1 / 3);
    const boxQty =
      opts.boxQty ??
      (boxed ? (widthS <= 24 ? rng.pick([90, 120]) : widthS <= 40 ? rng.pick([60, 90]) : 60) : 0);
    const w = fraction(widthS);
    const finishWord =
      finish.kind === 'leaf' && !/leaf/i.test(finish.name) ? `${finish.name} leaf` : finish.name;
    return {
      row: {
        code,
        description: `${col.name} ${style.toLowerCase()} ${profile.toLowerCase()} moulding, ${w}" wide in ${finishWord.toLowerCase()}. Rabbet ${fraction(rabbetS)}", height ${fraction(heightS)}". ${col.material}, made in ${col.origin}.`,
        displayName: `${col.name} ${w}" ${finish.name}`,
        frameType: 'MOULDING',
        type: PRODUCT_TYPE.MOULDINGS,
        category: col.material,
        width: inches(widthS),
        height: inches(heightS),
        rabbet: inches(rabbetS),
        fiLoc: `${rng.pick(['A', 'B', 'C', 'D', 'E', 'F'])}${String(rng.int(1, 48)).padStart(2, '0')}`,
        collectionId: col.id,
        finishName: finish.name,
        styleName: style,
        colorFamilyId: COLOR_FAMILY[finish.family],
        profileTypeId: PROFILE[profile],
        swatch: finish.swatch,
        boxQty,
        boxNoDiscount: opts.boxNoDiscount ?? (boxQty > 0 && rng.chance(0.25) ? 1 : 0),
        vendor: col.vendor,
        frameLine: opts.frameLine ?? (rng.chance(0.8) ? 'A' : 'D'),
        bypass: (opts.bypass ?? rng.chance(0.02)) ? 'BYPASS' : null,
        length: money(length),
        chop: money(r5(length * 1.35)),
        joinAmt: money(r5(length * 1.55)),
        length2: money(r5(length * 1.2)),
        joinFee: money(r5(350 + widthS * 5)),
        joinOsFee: money(r5((350 + widthS * 5) * 2)),
        active: 1,
      },
      stock: this.stock(code, col.id === 87 ? 2400 : 1400, opts.stock),
    };
  }

  fillet(
    opts: { col?: CollectionDef; finish?: string; widthS?: number; code?: string; stock?: StockSpec } = {},
  ): Built {
    const rng = this.rng;
    const col = opts.col ?? rng.pick(FILLET_COLLECTIONS);
    const finish = FINISHES[opts.finish ?? rng.pick(col.finishes)];
    const widthS = opts.widthS ?? rng.pick([4, 5, 6, 6, 8, 10]);
    const profile: ProfileName = rng.pick(['Scoop', 'Cap', 'Bevel']);
    const code =
      opts.code ?? this.seqCode(`FIL${col.id}`, 300, (n) => `FIL-${col.id}-${String(n).padStart(4, '0')}`);
    const length = r5((140 + widthS * 18) * Math.max(0.8, col.factor) * finish.factor);
    return {
      row: {
        code,
        description: `${col.name} fillet, ${fraction(widthS)}" ${profile.toLowerCase()} in ${finish.name.toLowerCase()}. Sold by the foot; fits inside the frame's rabbet or a mat window.`,
        displayName: `${col.name} Fillet ${fraction(widthS)}" ${finish.name}`,
        frameType: 'MOULDING',
        type: PRODUCT_TYPE.FILLETS,
        category: col.material,
        width: inches(widthS),
        height: inches(rng.pick([4, 6, 8])),
        rabbet: inches(rng.pick([2, 3, 4])),
        collectionId: col.id,
        finishName: finish.name,
        styleName: rng.pick(col.styles),
        colorFamilyId: COLOR_FAMILY[finish.family],
        profileTypeId: PROFILE[profile],
        swatch: finish.swatch,
        vendor: col.vendor,
        frameLine: 'A',
        length: money(length),
        chop: money(r5(length * 1.35)),
        active: 1,
      },
      stock: this.stock(code, 600, opts.stock),
    };
  }

  mat(
    opts: { line?: keyof typeof MAT_LINES; color?: MatColor; manufCode?: string; stock?: StockSpec } = {},
  ): Built {
    const rng = this.rng;
    const lineKey = opts.line ?? rng.weighted(MAT_LINE_WEIGHTS);
    const line = MAT_LINES[lineKey];
    const color = opts.color ?? rng.pick(line.colors ?? MAT_COLORS);
    let manufCode = opts.manufCode;
    if (!manufCode) {
      this.matNumbers[lineKey] += rng.int(1, 3);
      manufCode = `${lineKey}${this.matNumbers[lineKey]}`;
    }
    const code = opts.manufCode ? `MAT-${manufCode}` : this.unique(`MAT-${manufCode}`);
    const oversize = !opts.manufCode && rng.chance(0.1);
    const [w, h] = oversize ? [40, 60] : [32, 40];
    const ply = lineKey === 'R' && rng.chance(0.3) ? 8 : 4;
    const list = r5(line.price * (oversize ? 2.1 : 1) * (ply === 8 ? 1.7 : 1) * (0.95 + rng.next() * 0.1));
    return {
      row: {
        code,
        description: `${line.name} ${ply}-ply mat board in ${color.name.toLowerCase()}, ${line.core}, ${w}" x ${h}". ${line.note}`,
        displayName: `${color.name} ${line.short} Mat ${w}x${h} (${manufCode})`,
        frameType: 'MATS',
        type: PRODUCT_TYPE.MATS,
        category: line.name,
        manufCode,
        width: inches(ply === 8 ? 2 : 1),
        finishName: color.name,
        styleName: line.name,
        colorFamilyId: COLOR_FAMILY[color.family],
        swatch: color.swatch,
        vendor: 'N',
        frameLine: 'A',
        hInt: h,
        wInt: w,
        mat1: money(list),
        mat2: money(Math.round(list * 0.8)),
        mat3: money(Math.round(list * 0.73)),
        mat4: money(Math.round(list * 0.71)),
        mat5: money(Math.round(list * 0.68)),
        active: 1,
      },
      stock: this.stock(code, 260, opts.stock),
    };
  }

  glass(opts: { type?: GlassType; size?: [number, number]; code?: string; stock?: StockSpec } = {}): Built {
    let type = opts.type;
    let size = opts.size;
    let cycle = 0;
    while (!type || !size) {
      const i = this.glassIndex++;
      const [t, s] = this.glassCombos[i % this.glassCombos.length];
      cycle = Math.floor(i / this.glassCombos.length);
      // The fixtures already hold clear and museum 16x20.
      if (cycle === 0 && this.codes.has(`GL-${t.code}-${String(s[0]).padStart(2, '0')}${s[1]}`)) continue;
      [type, size] = [t, s];
    }
    const [w, h] = size;
    const pack = cycle === 0 ? 1 : [10, 20, 25, 30, 50][(cycle - 1) % 5];
    const dims = `${String(w).padStart(2, '0')}${String(h).padStart(2, '0')}`;
    const code = opts.code ?? this.unique(`GL-${type.code}-${dims}${pack > 1 ? `-C${pack}` : ''}`);
    const sheet = r5((type.perSqFt * w * h) / 144 + 35) * pack;
    const g4 = Math.round(sheet * 0.86);
    return {
      row: {
        code,
        description: `${type.name}, ${w}" x ${h}"${pack > 1 ? `, case of ${pack} sheets` : ''}. ${type.note}`,
        displayName: `${type.name} ${w}x${h}${pack > 1 ? ` (case of ${pack})` : ''}`,
        frameType: 'GLASS',
        type: PRODUCT_TYPE.GLASS,
        category: type.acrylic ? 'Acrylic' : 'Glass',
        finishName: type.finish,
        swatch: type.swatch,
        vendor: 'V',
        frameLine: 'A',
        hInt: h,
        wInt: w,
        glass1: money(sheet),
        glass2: money(Math.round(sheet * 0.94)),
        glass3: money(Math.round(sheet * 0.9)),
        glass4: money(g4),
        mat5: money(g4),
        active: 1,
      },
      stock: this.stock(code, 320, opts.stock),
    };
  }

  foam(opts: { code?: string; stock?: StockSpec } = {}): Built {
    const i = this.foamIndex++;
    const [kind, size] = FOAM_COMBOS[i % FOAM_COMBOS.length];
    const [w, h] = size;
    const cycle = Math.floor(i / FOAM_COMBOS.length);
    const pack = cycle === 0 ? 1 : [10, 25][(cycle - 1) % 2];
    const code =
      opts.code ?? this.unique(`FB-${kind.code}-${w}${h}${pack > 1 ? `-C${pack}` : ''}`.replace(/\s/g, ''));
    const list = r5(kind.perSqFt * ((w * h) / 144) + 60) * pack;
    return {
      row: {
        code,
        description: `${kind.name} foam board, ${w}" x ${h}"${pack > 1 ? `, case of ${pack}` : ''}. ${kind.note}`,
        displayName: `${kind.name} Foam Board ${w}x${h}${pack > 1 ? ` (case of ${pack})` : ''}`,
        frameType: 'MATS',
        type: PRODUCT_TYPE.FOAM_BOARD,
        category: 'Foam Board',
        finishName: kind.finish,
        swatch: kind.swatch,
        vendor: 'N',
        frameLine: 'A',
        hInt: h,
        wInt: w,
        mat1: money(list),
        mat2: money(Math.round(list * 0.8)),
        mat3: money(Math.round(list * 0.73)),
        mat4: money(Math.round(list * 0.71)),
        mat5: money(Math.round(list * 0.68)),
        active: 1,
      },
      stock: this.stock(code, 180, opts.stock),
    };
  }

  readymade(opts: { code?: string; stock?: StockSpec } = {}): Built {
    const i = this.readymadeIndex++;
    const [finishKey, size] = READYMADE_COMBOS[i % READYMADE_COMBOS.length];
    const finish = FINISHES[READYMADE_FINISHES[finishKey]];
    const [w, h] = size;
    const cycle = Math.floor(i / READYMADE_COMBOS.length);
    const pack = cycle === 0 ? 1 : [6, 12][(cycle - 1) % 2];
    const code = opts.code ?? this.unique(`RM-${w}${h}-${finishKey}${pack > 1 ? `-C${pack}` : ''}`);
    const price = r5((350 + (w + h) * 2 * 18) * finish.factor) * pack;
    return {
      row: {
        code,
        description: `Readymade ${w}x${h} frame in ${finish.name.toLowerCase()}, 1" flat profile, with glass, backing and hanger${pack > 1 ? `; carton of ${pack}` : ''}.`,
        displayName: `Readymade ${w}x${h} ${finish.name} Frame${pack > 1 ? ` (carton of ${pack})` : ''}`,
        frameType: 'HARDWARE',
        type: PRODUCT_TYPE.READYMADE,
        category: 'Readymade',
        width: inches(16),
        finishName: finish.name,
        styleName: 'Contemporary',
        colorFamilyId: COLOR_FAMILY[finish.family],
        profileTypeId: PROFILE.Flat,
        swatch: finish.swatch,
        vendor: 'Q',
        frameLine: 'A',
        hInt: h,
        wInt: w,
        readymade: money(price),
        hardware: money(price),
        active: 1,
      },
      stock: this.stock(code, 90, opts.stock),
    };
  }

  item(kind: 'hardware' | 'supplies', opts: { code?: string; stock?: StockSpec } = {}): Built {
    const list = kind === 'hardware' ? HARDWARE_ITEMS : SUPPLY_ITEMS;
    const i = kind === 'hardware' ? this.hardwareIndex++ : this.suppliesIndex++;
    const it = list[i % list.length];
    const cycle = Math.floor(i / list.length);
    const cases = cycle === 0 ? 1 : [5, 10, 20][(cycle - 1) % 3];
    const code = opts.code ?? this.unique(`${it.code}${cases > 1 ? `-X${cases}` : ''}`);
    const price = it.price * cases;
    return {
      row: {
        code,
        description: `${it.name}${cases > 1 ? ` — carton of ${cases}` : ''}. ${it.note}`,
        displayName: `${it.name}${cases > 1 ? ` (carton of ${cases})` : ''}`,
        frameType: 'HARDWARE',
        type: kind === 'hardware' ? PRODUCT_TYPE.HARDWARE : PRODUCT_TYPE.SUPPLIES,
        category: kind === 'hardware' ? 'Hanging Hardware' : 'Framing Supplies',
        finishName: it.finish ?? null,
        swatch: it.swatch,
        vendor: 'F',
        frameLine: 'A',
        hardware: money(price),
        active: 1,
      },
      stock: this.stock(code, kind === 'hardware' ? 150 : 80, opts.stock),
    };
  }

  fixtures(): Built[] {
    const F = SEED_FIXTURES;
    const col = (id: number) => COLLECTION_BY_ID.get(id)!;
    const all: StockSpec = { B: [420], C: [1260, 60], E: [310], G: [180, 20] };
    return [
      this.moulding({
        col: col(133),
        finish: 'Antique Gold',
        profile: 'Scoop',
        style: 'Ornate',
        widthS: 36,
        code: F.moulding,
        boxQty: 90,
        boxNoDiscount: 0,
        bypass: false,
        frameLine: 'A',
        stock: all,
      }),
      this.moulding({
        col: col(159),
        finish: 'Walnut',
        profile: 'Flat',
        style: 'Contemporary',
        widthS: 22,
        code: F.innsbruck,
        boxQty: 0,
        bypass: false,
        frameLine: 'A',
        stock: { B: [240], C: [560, 40], E: [95], G: [310] },
      }),
      this.moulding({
        col: col(132),
        finish: 'Black Lacquer',
        profile: 'Box',
        style: 'Modern',
        widthS: 16,
        code: F.modena,
        boxQty: 0,
        bypass: false,
        frameLine: 'A',
        stock: { B: [180], C: [740], E: [220, 30], G: [90] },
      }),
      this.moulding({
        col: col(87),
        finish: 'Black Satin',
        profile: 'Flat',
        style: 'Contemporary',
        widthS: 12,
        code: F.valueLine,
        boxQty: 120,
        boxNoDiscount: 1,
        bypass: false,
        frameLine: 'A',
        stock: { B: [2400, 240], C: [3600, 360], E: [1800], G: [1200] },
      }),
      this.moulding({
        col: col(132),
        finish: 'White Satin',
        profile: 'Reverse',
        style: 'Contemporary',
        widthS: 28,
        code: F.bypass,
        boxQty: 0,
        bypass: true,
        frameLine: 'D',
        stock: { B: [120], C: [410], E: [60], G: [75] },
      }),
      this.moulding({
        col: col(133),
        finish: 'Silver Leaf',
        profile: 'Cap',
        style: 'Ornate',
        widthS: 48,
        code: F.backordered,
        boxQty: 0,
        bypass: false,
        frameLine: 'A',
        stock: {},
      }),
      this.moulding({
        col: col(176),
        finish: 'Black Satin',
        profile: 'Floater',
        style: 'Floater',
        widthS: 12,
        code: F.floater,
        boxQty: 60,
        boxNoDiscount: 0,
        bypass: false,
        frameLine: 'A',
        stock: { B: [300], C: [520], E: [260], G: [140] },
      }),
      this.mat({ line: 'B', color: MAT_COLORS[1], manufCode: F.matManufCode, stock: all }),
      this.mat({
        line: 'K',
        color: MAT_COLORS.find((m) => m.name === 'Black')!,
        manufCode: 'K7001',
        stock: { B: [45], C: [120, 10], E: [38] },
      }),
      this.glass({ type: GLASS_TYPES[0], size: [16, 20], code: F.glass, stock: all }),
      this.glass({
        type: GLASS_TYPES[4],
        size: [16, 20],
        code: F.museumGlass,
        stock: { B: [24], C: [60, 6], E: [18], G: [12] },
      }),
      this.item('hardware', { code: F.hardware, stock: { B: [80], C: [140, 12], E: [64], G: [40] } }),
      this.fillet({
        col: col(133),
        finish: 'Gold Leaf',
        widthS: 6,
        code: F.fillet,
        stock: { B: [90], C: [300], E: [70], G: [40] },
      }),
      this.foam({ code: F.foamBoard, stock: { B: [150], C: [260, 20], E: [110], G: [95] } }),
      this.readymade({ code: F.readymade, stock: { B: [36], C: [72], E: [30], G: [24] } }),
      this.item('supplies', { code: F.supplies, stock: { B: [20], C: [48, 4], E: [16], G: [12] } }),
    ];
  }

  next(index: number): Built {
    switch (LAYOUT[index % LAYOUT.length]) {
      case 'moulding':
        return this.moulding({});
      case 'mat':
        return this.mat();
      case 'glass':
        return this.glass();
      case 'hardware':
        return this.item('hardware');
      case 'fillet':
        return this.fillet();
      case 'foam':
        return this.foam();
      case 'readymade':
        return this.readymade();
      default:
        return this.item('supplies');
    }
  }
}

/**
 * The catalogue of a given size: the fixtures first, then generated products. Product i is the same in
 * every catalogue that has at least i + 1 products (a 300-product catalogue is the start of a 3,000 one).
 */
export function generateCatalogue(count: number): { products: ProductRow[]; stock: StockRow[] } {
  const b = new CatalogueBuilder();
  const built = b.fixtures();
  for (let i = 0; built.length < count; i++) built.push(b.next(i));
  return { products: built.map((x) => x.row), stock: built.flatMap((x) => x.stock) };
}

// ——— reference lists used by the builder ———

const COLLECTION_WEIGHTS: [CollectionDef, number][] = COLLECTIONS.map((col) => [
  col,
  col.id === 87 ? 4 : [133, 159, 132].includes(col.id) ? 2.5 : 1,
]);

const FILLET_COLLECTIONS = COLLECTIONS.filter((col) => col.fillets);

interface MatColor {
  name: string;
  swatch: string;
  family: ColorFamilyName;
}

const MAT_COLORS: MatColor[] = [
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

const MAT_LINES = {
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

const MAT_LINE_WEIGHTS: [keyof typeof MAT_LINES, number][] = [
  ['B', 5],
  ['C', 2],
  ['R', 1],
  ['S', 1],
  ['K', 1],
];

interface GlassType {
  code: string;
  name: string;
  finish: string;
  perSqFt: number;
  swatch: string;
  acrylic: boolean;
  note: string;
}

const GLASS_TYPES: GlassType[] = [
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

const GLASS_SIZES: [number, number][] = [
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

const FOAM_COMBOS = FOAM_KINDS.flatMap((k) =>
  (
    [
      [32, 40],
      [40, 60],
      [48, 96],
    ] as [number, number][]
  ).map((s) => [k, s] as const),
);

const READYMADE_FINISHES = {
  BLK: 'Black Satin',
  WHT: 'White Satin',
  WAL: 'Walnut',
  GLD: 'Bright Gold',
  SLV: 'Brushed Silver',
  OAK: 'Natural Oak',
} as const;

const READYMADE_COMBOS = (Object.keys(READYMADE_FINISHES) as (keyof typeof READYMADE_FINISHES)[]).flatMap(
  (f) =>
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

interface Item {
  code: string;
  name: string;
  price: number;
  note: string;
  swatch: string;
  finish?: string;
}

const HARDWARE_ITEMS: Item[] = [
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

const SUPPLY_ITEMS: Item[] = [
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
