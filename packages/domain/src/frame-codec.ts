/**
 * framedata, the saved design (docs/decisions/010): the design as base64url JSON, written and read by the browser
 * and the server alike. Reading is a codec step: whatever was saved — by today's code or before the layers a
 * framer adds existed — comes back as a whole FrameDesign, every field present. The design's rules are
 * validateDesign's (and the contract's), not this file's: a reveal out of range reads back as it was saved.
 */
import { defaultDesign, type FrameDesign, frameMessages } from './frame-design.ts';
import {
  DEFAULT_MAT_GAP,
  DEFAULT_MAT_REVEAL,
  type FilletChoice,
  isMatOverlap,
  type LowerMat,
  type MatOpeningShape,
} from './frame-model.ts';

/** Anything that is not a saved design: the message is the one the shop shows ('This saved frame could not be read'). */
export class FrameDataError extends Error {
  constructor() {
    super(frameMessages.framedataInvalid);
    this.name = 'FrameDataError';
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A field as saved: absent (or undefined) gives the default; present, it must be of its type — anything else is
 * not a design (FrameDataError), never quietly replaced by a default.
 */
function field<T>(raw: Json, key: string, fallback: T, ok: (v: unknown) => v is T): T {
  const v = raw[key];
  if (v === undefined) return fallback;
  if (!ok(v)) throw new FrameDataError();
  return v;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isCode = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isCrop = (v: unknown): v is FrameDesign['crop'] =>
  v === null || (isObject(v) && ['x', 'y', 'w', 'h'].every((k) => isNumber(v[k])));
const isShape = (v: unknown): v is MatOpeningShape => v === 'rectangle' || v === 'double';

function lowerMat(v: unknown): LowerMat {
  if (!isObject(v) || !isString(v.code)) throw new FrameDataError();
  return { code: v.code, reveal: field(v, 'reveal', DEFAULT_MAT_REVEAL, isNumber) };
}

function fillet(v: unknown): FilletChoice | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v) || !isString(v.code)) throw new FrameDataError();
  const position = v.position ?? 'frame';
  if (position !== 'frame' && position !== 'mat') throw new FrameDataError();
  return { code: v.code, position };
}

/**
 * A design from saved or sent JSON, in today's shape: the fields of a design saved before lower mats, fillet,
 * inner moulding and the double opening existed are kept, the new ones take their defaults (no lower mat, no
 * fillet, no inner moulding, one opening, a 1" gap). Unknown keys are dropped. Throws FrameDataError for anything
 * that is not a design — a mat overlap included: it is one of MAT_OPENINGS (1/4" when absent), the only values
 * ever saved, since the contract's schema has always refused any other.
 */
export function normaliseDesign(raw: unknown): FrameDesign {
  if (!isObject(raw)) throw new FrameDataError();
  const base = defaultDesign();
  const lower = raw.lowerMats;
  if (lower !== undefined && lower !== null && !Array.isArray(lower)) throw new FrameDataError();
  return {
    fWidth: field(raw, 'fWidth', base.fWidth, isNumber),
    fWidthFrac: field(raw, 'fWidthFrac', base.fWidthFrac, isNumber),
    fHeight: field(raw, 'fHeight', base.fHeight, isNumber),
    fHeightFrac: field(raw, 'fHeightFrac', base.fHeightFrac, isNumber),
    file: field(raw, 'file', base.file, isCode),
    crop: field(raw, 'crop', base.crop, isCrop),
    moulding: field(raw, 'moulding', base.moulding, isCode),
    mat: field(raw, 'mat', base.mat, isCode),
    glass: field(raw, 'glass', base.glass, isCode),
    matTB: field(raw, 'matTB', base.matTB, isNumber),
    matTBFrac: field(raw, 'matTBFrac', base.matTBFrac, isNumber),
    matLR: field(raw, 'matLR', base.matLR, isNumber),
    matLRFrac: field(raw, 'matLRFrac', base.matLRFrac, isNumber),
    matLock: field(raw, 'matLock', base.matLock, isBoolean),
    matOverlap: field(raw, 'matOverlap', base.matOverlap, isMatOverlap),
    notes: field(raw, 'notes', base.notes, isString),
    lowerMats: (lower ?? []).map(lowerMat),
    fillet: fillet(raw.fillet),
    innerMoulding: field(raw, 'innerMoulding', null, isCode),
    matOpening: field(raw, 'matOpening', 'rectangle', isShape),
    matGap: field(raw, 'matGap', DEFAULT_MAT_GAP, isNumber),
    file2: field(raw, 'file2', null, isCode),
  };
}

/** framedata of a design: its JSON as UTF-8, in base64url without padding. */
export function encodeFrameData(design: FrameDesign): string {
  const bytes = new TextEncoder().encode(JSON.stringify(design));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The design in framedata (normaliseDesign of its JSON). Every design ever saved names its picture's size: JSON
 * without it ('{}', '{"hello":1}') is not a saved design. Throws FrameDataError for anything else.
 */
export function decodeFrameData(text: string): FrameDesign {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new FrameDataError();
  let json: unknown;
  try {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new FrameDataError();
  }
  if (!isObject(json) || !isNumber(json.fWidth) || !isNumber(json.fHeight)) throw new FrameDataError();
  return normaliseDesign(json);
}
