// The collections (lines of mouldings) of the demo catalogue. The data is collections.json, in the catalogue's
// order: the four the specification names first (ids 133, 159, 132 and 87), then the rest by id. The generator
// draws from them in this order.
import collections from './collections.json' with { type: 'json' };
import type { ProfileName } from './reference.ts';

export type StyleName =
  | 'Ornate'
  | 'Traditional'
  | 'Contemporary'
  | 'Transitional'
  | 'Rustic'
  | 'Floater'
  | 'Scoop'
  | 'Cap'
  | 'Modern'
  | 'Farmhouse';

export interface CollectionDef {
  id: number;
  name: string;
  /** Image key: /cdn/collections/{value}.jpg */
  value: string;
  /** Code prefix ('FER' → FER-133-0412); null = numeric trade codes (1830412). */
  prefix: string | null;
  vendor: string;
  /** Material, stored as the product category. */
  material: 'Hardwood' | 'Polystyrene' | 'Aluminum' | 'Basswood' | 'Pine' | 'Poplar';
  origin: string;
  styles: StyleName[];
  finishes: string[];
  profiles: ProfileName[];
  /** Face width range in sixteenths of an inch. */
  widths: [number, number];
  /** Price multiplier of the line. */
  factor: number;
  /** The line also has fillets (type 3). */
  fillets?: boolean;
  description: string;
}

/** The collections of the demo shop, in the catalogue's order (the JSON's types are wider than these). */
export const COLLECTIONS = collections as CollectionDef[];

export const COLLECTION_BY_ID = new Map(COLLECTIONS.map((col) => [col.id, col]));
