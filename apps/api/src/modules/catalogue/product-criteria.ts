import type { ProductFilterSet } from '@mitrebox/api-contract';
import { parseRange, plainFieldMessage } from '@mitrebox/domain';
import { badRequest } from '../../platform/errors.ts';
import type { PartCriteria } from './catalogue-part-filters.ts';

/**
 * What a listing asks for, as both product finders take it (product-finder.ts): the SQL one and the catalogue index
 * answer the same criteria with the same products, in the same order.
 */

/** A product filter ready for SQL: sizes already in inches. */
export interface ProductCriteria extends PartCriteria {
  search?: string;
  type?: number;
  frameType?: string;
  collection?: number[];
  width?: { min: number; max: number } | null;
  height?: { min: number; max: number } | null;
  rabbet?: { min: number; max: number } | null;
  finish?: string[];
  style?: string[];
  colorFamily?: number[];
  profileType?: number[];
  frameBuilderImage?: boolean;
  frameCreator?: boolean;
  /** Order of the rows; without it a search is ranked and everything else is by item #. */
  sort?: SortKey;
  dir?: 'asc' | 'desc';
}

export type SortKey = 'code' | 'name' | 'width' | 'price';

/** The filter groups a listing counts (each under every active filter but its own). */
export type FacetGroup = 'collection' | 'finish' | 'style' | 'colorFamily' | 'profileType';

/** Each filter group's values (ids as text) and how many products have them. */
export type FacetCounts = Record<FacetGroup, Map<string, number>>;

/** A listing's query as the routes read it. */
export interface ListQuery {
  TopSearch?: string;
  frameType?: string;
  type?: number;
  page: number;
  items_per_page: number;
  filters?: ProductFilterSet;
  fbimg?: boolean;
  frame_creator_active?: boolean;
  sort?: ProductCriteria['sort'];
  dir?: ProductCriteria['dir'];
}

/** Turns the query into criteria; malformed sizes are the client's fault (400 with the reason). */
export function criteriaOf(q: Omit<ListQuery, 'page' | 'items_per_page'>): ProductCriteria {
  const f = q.filters ?? {};
  const range = (name: string, r: ProductFilterSet['width']) => {
    try {
      return parseRange(r);
    } catch (err) {
      const message = plainFieldMessage(name, (err as Error).message);
      throw badRequest(message, { [`filters.${name}`]: message });
    }
  };
  const search = q.TopSearch?.trim();
  return {
    search: search ? search : undefined,
    type: q.type ?? f.type,
    frameType: q.frameType,
    collection: f.collection,
    width: range('width', f.width),
    height: range('height', f.height),
    rabbet: range('rabbet', f.rabbet),
    finish: f.finish,
    style: f.style,
    colorFamily: f.color_family,
    profileType: f.profile_type,
    matCore: f.mat_core,
    ply: f.ply,
    sheet: f.sheet,
    glazing: f.glazing,
    frameBuilderImage: q.fbimg,
    frameCreator: q.frame_creator_active,
    sort: q.sort,
    dir: q.sort ? q.dir : undefined,
  };
}
