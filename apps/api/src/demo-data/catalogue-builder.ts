/**
 * The product generator: one builder draws every product of the demo catalogue from its seeded random streams,
 * a moulding, mat, glass sheet, fillet, foam board, readymade frame, hardware or supply item at a time, each with
 * its stock in the four warehouses. products.ts puts the catalogue together (its fixtures first).
 */
import type { productStock, products } from '../schema.ts';
import { COLLECTIONS, type CollectionDef, type StyleName } from './collections.ts';
import {
  GLASS_SIZES,
  GLASS_TYPES,
  type GlassType,
  MAT_COLORS,
  MAT_LINE_WEIGHTS,
  MAT_LINES,
  type MatColor,
} from './mats-and-glass.ts';
import { cents, fraction, inches } from './money.ts';
import { Rng } from './random.ts';
import {
  COLOR_FAMILY,
  FINISHES,
  LOCATION_CODES,
  type LocationCode,
  PRODUCT_TYPE,
  PROFILE,
  type ProfileName,
} from './reference.ts';
import {
  FOAM_COMBOS,
  HARDWARE_ITEMS,
  READYMADE_COMBOS,
  READYMADE_FINISHES,
  SUPPLY_ITEMS,
} from './sundries.ts';

export type ProductRow = typeof products.$inferInsert;
export type StockRow = typeof productStock.$inferInsert;

/** Per-location on hand and committed quantity (units: feet for mouldings and fillets, else each). */
export type StockSpec = Partial<Record<LocationCode, [onhand: number, commit?: number]>>;

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

export interface Built {
  row: ProductRow;
  stock: StockRow[];
}

const COLLECTION_WEIGHTS: [CollectionDef, number][] = COLLECTIONS.map((col) => [
  col,
  col.id === 87 ? 4 : [133, 159, 132].includes(col.id) ? 2.5 : 1,
]);

const FILLET_COLLECTIONS = COLLECTIONS.filter((col) => col.fillets);

export class CatalogueBuilder {
  readonly rng = new Rng('mitrebox-catalogue-v1');
  /** Every code given out so far (and those kept for the fixtures), so no two products share one. */
  readonly codes: Set<string>;
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

  constructor(reserved: readonly string[]) {
    this.codes = new Set(reserved);
  }

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
