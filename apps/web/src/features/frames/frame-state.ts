import { defaultDesign, type FrameDesign } from '@mitrebox/domain';

/**
 * The Frame Creator's screen state (storefront §4 Frame builder): steps 1 → 2 → 3, the design, and the
 * saved / not-saved flag — any change marks not saved; saving marks saved; Save overwrites the loaded frame;
 * Save As creates a new one; loading a saved design restores it and marks it saved.
 */
export interface BuilderState {
  step: 1 | 2 | 3;
  design: FrameDesign;
  saved: boolean;
  /** The saved frame being edited (Save overwrites it; Save As is offered). */
  savedId: number | null;
  savedName: string;
  /** Natural size of the picture (for the crop and the drawing). */
  image: { width: number; height: number } | null;
}

export type BuilderAction =
  | { type: 'change'; patch: Partial<FrameDesign> }
  | { type: 'image'; file: string | null; width: number; height: number }
  | { type: 'step'; step: 1 | 2 | 3 }
  | { type: 'load'; id: number; name: string; design: FrameDesign }
  | { type: 'imageSize'; width: number; height: number }
  | { type: 'saved'; id: number; name: string }
  | { type: 'reset' };

export const initialState = (): BuilderState => ({
  step: 1,
  design: defaultDesign(),
  saved: false,
  savedId: null,
  savedName: '',
  image: null,
});

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'change':
      return { ...state, design: { ...state.design, ...action.patch }, saved: false };
    case 'image':
      return {
        ...state,
        design: { ...state.design, file: action.file, crop: null },
        image: action.file ? { width: action.width, height: action.height } : null,
        saved: false,
        step: action.file ? 2 : 3,
      };
    case 'imageSize':
      return { ...state, image: { width: action.width, height: action.height } };
    case 'step':
      return { ...state, step: action.step };
    case 'load':
      return {
        ...state,
        design: action.design,
        savedId: action.id,
        savedName: action.name,
        saved: true,
        step: 3,
        image: null,
      };
    case 'saved':
      return { ...state, savedId: action.id, savedName: action.name, saved: true };
    case 'reset':
      return initialState();
  }
}

/** framedata: the design as base64url JSON (what the server writes and reads back). */
export function encodeDesign(d: FrameDesign): string {
  const bytes = new TextEncoder().encode(JSON.stringify(d));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeDesign(framedata: string): FrameDesign {
  const b64 = framedata.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return { ...defaultDesign(), ...JSON.parse(new TextDecoder().decode(bytes)) };
}

const KEY = 'mitrebox.frameBuilder';

/** A build in progress survives a reload; a pending build sends the user back to step 3. */
export function restoreState(): BuilderState {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return initialState();
    const s = JSON.parse(text) as BuilderState;
    const pending = Boolean(s.design.moulding || s.design.mat || s.design.glass || s.design.file);
    return {
      ...initialState(),
      ...s,
      design: { ...defaultDesign(), ...s.design },
      step: pending ? 3 : s.step,
    };
  } catch {
    return initialState();
  }
}

export function persistState(s: BuilderState) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // private mode: the build simply does not survive a reload
  }
}
