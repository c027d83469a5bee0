import { defaultDesign, type FrameDesign, normaliseDesign, validateDesign } from '@mitrebox/domain';

/**
 * The Frame Creator's screen state (storefront §4 Frame builder): steps 1 → 2 → 3, the design, and the
 * saved / not-saved flag — any change marks not saved; saving marks saved; Save overwrites the loaded frame;
 * Save As creates a new one; loading a saved design restores it and marks it saved. A picture or none, step 1
 * leads to the size (storefront §2): most frames are designed for art brought in without a photograph.
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
  | { type: 'reset' }
  /** The tab's build in progress, taken up after the app has taken over the server's page (restoreState) */
  | { type: 'restore'; state: BuilderState };

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
        step: 2,
      };
    case 'imageSize':
      return { ...state, image: { width: action.width, height: action.height } };
    case 'step':
      return mayGoTo(state, action.step) ? { ...state, step: action.step } : state;
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
    case 'restore':
      return action.state;
  }
}

/** The picture and the size are always a click away; the design once the picture has a size it can be built at. */
export function mayGoTo(state: BuilderState, step: 1 | 2 | 3): boolean {
  if (step < 3) return true;
  const errors = validateDesign(state.design);
  return !errors.fWidth && !errors.fHeight;
}

const KEY = 'mitrebox.frameBuilder';

/** A build in progress survives a reload; a pending build sends the user back to step 3. */
export function restoreState(): BuilderState {
  return keptState() ?? initialState();
}

/** The build this tab keeps (restoreState), or null when it keeps none (or nothing usable). */
export function keptState(): BuilderState | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    const s = JSON.parse(text) as BuilderState;
    // a build kept before the added layers existed reads as one without them (the codec's own rule)
    const design = normaliseDesign(s.design);
    const pending = Boolean(design.moulding || design.mat || design.glass || design.file);
    return {
      ...initialState(),
      ...s,
      design,
      step: pending ? 3 : s.step,
    };
  } catch {
    // not JSON, or not a design (FrameDataError): start afresh
    return null;
  }
}

export function persistState(s: BuilderState) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // private mode: the build simply does not survive a reload
  }
}
