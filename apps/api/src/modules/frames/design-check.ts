import type { DesignPart } from '@mitrebox/api-contract';
import { type DesignParts, designPartSizes, type FrameDesign, validateDesign } from '@mitrebox/domain';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db.ts';
import { unprocessable } from '../../platform/errors.ts';
import { findProductArt } from '../catalogue/catalogue.art.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { FILLET_TYPE, FRAME_TYPE, KIND_LABEL, namedParts } from './frames.design.ts';

/** What the domain's rules and sizes read of the parts: face widths and sheet sizes. */
export const sizesOf = (d: FrameDesign, parts: Record<string, DesignPart>): DesignParts =>
  designPartSizes(d, parts);

export type DesignCheck = ReturnType<typeof createDesignCheck>;

/** A design's parts looked up in the catalogue (a minute old at most) and the design's rules run on them. */
export function createDesignCheck(deps: { db: Db; catalogue: CatalogueService }) {
  const { db, catalogue } = deps;
  const partCache = new LRUCache<
    string,
    {
      found: Awaited<ReturnType<CatalogueService['publicByCodes']>>;
      art: (Awaited<ReturnType<typeof findProductArt>> | undefined)[];
    }
  >({
    max: 500,
    ttl: 60_000,
  });

  async function lookParts(codes: string[]) {
    const key = codes.join('|');
    const hit = partCache.get(key);
    if (hit) return hit;
    const found = await catalogue.publicByCodes(codes);
    const art = [];
    for (const c of codes) art.push(await findProductArt(db, 'frames', c));
    const value = { found, art };
    partCache.set(key, value);
    return value;
  }

  /** Each part of the design (by the field that names it), checked: it exists, is sold, and is of its kind. */
  async function partsOf(d: FrameDesign) {
    const named = namedParts(d);
    const codes = [...new Set(named.map((n) => n.code))];
    const { found, art: arts } = codes.length ? await lookParts(codes) : { found: [], art: [] };
    const errors: Record<string, string> = {};
    const byField: Record<string, DesignPart> = {};
    for (const { field, kind, code } of named) {
      const p = found.find((f) => f.Code === code);
      if (!p || p.FrameType !== FRAME_TYPE[kind] || (kind === 'fillet') !== (p.type === FILLET_TYPE)) {
        errors[field] = `No ${KIND_LABEL[kind]} with item # ${code} is sold.`;
        continue;
      }
      const art = arts[codes.indexOf(code)];
      byField[field] = {
        ...p,
        swatch: art?.swatch ?? null,
        sheet: art?.wInt && art?.hInt ? { w: art.wInt, h: art.hInt } : null,
      };
    }
    return { parts: byField, errors };
  }

  /** The design's parts and every rule it breaks (storefront §5, §9), by field. */
  async function judged(d: FrameDesign) {
    const { parts, errors } = await partsOf(d);
    Object.assign(errors, validateDesign(d, sizesOf(d, parts)));
    return { parts, errors };
  }

  /** Checks a design as the server must (storefront §5, §9): every broken rule answers 422 with its field. */
  async function checked(d: FrameDesign) {
    const { parts, errors } = await judged(d);
    const first = Object.values(errors)[0];
    if (first) throw unprocessable(first, errors);
    return parts;
  }

  return { judged, checked };
}
