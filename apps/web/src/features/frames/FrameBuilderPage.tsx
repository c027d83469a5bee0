import { Alert, Button, Container, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SavedFrame } from '@mitrebox/api-contract';
import { decodeFrameData, type FrameDesign, frameMessages } from '@mitrebox/domain';
import type { QueryClient } from '@tanstack/react-query';
import {
  type Dispatch,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Link, useBlocker } from 'react-router';
import { PageLoader } from '../../app/PageLoader.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { isHydrating } from '../../lib/hydration.ts';
import { lazyPart } from '../../lib/lazy-part.ts';
import { useSession } from '../../lib/session.ts';
import { DesignToCartModals, useDesignToCart } from './DesignToCart.tsx';
import classes from './FrameBuilder.module.css';
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  initialState,
  keptState,
  persistState,
  restoreState,
} from './frame-state.ts';
import {
  FIRST_PRESET_CATEGORY,
  fetchSavedFrame,
  type PartProduct,
  presetsQuery,
  useDesignParts,
  useQuote,
} from './frames-api.ts';
import { PartPicker } from './PartPicker.tsx';
import { PrintSheet } from './PrintSheet.tsx';
import { designCodes, type PartSlot, partsByField, pickerKindOf, placePart, SLOT_TITLE } from './parts.ts';
import { SavedFramesModal } from './SavedFramesModal.tsx';
import { SaveFrameModal, useFrameSave } from './SaveFrameModal.tsx';
import { StepDesign } from './StepDesign.tsx';
import { StepImage } from './StepImage.tsx';

// The first view is the picture step: the crop tool (step 2, react-easy-crop) loads when the buyer gets there (or a
// restored design opens on it), not with the page.
const StepSize = lazyPart(async () => (await import('./StepSize.tsx')).StepSize);

const isBackordered = (p: PartProduct) =>
  'stock' in p && Array.isArray(p.stock) && p.stock.length > 0 && p.stock.every((s) => s.available <= 0);

/**
 * The first data of the Frame Creator (the route's loader and the server's render: ADR 013): the first page of the
 * shop's photographs of the picture step. Fetched by the screen itself after its first render, the grid and the
 * "Random photograph" button arrived a moment later and pushed the page down (a layout shift of 0.13 on a phone,
 * in some of Lighthouse's runs).
 */
export function prefetch(client: QueryClient): Promise<unknown> {
  return client.prefetchQuery(presetsQuery(FIRST_PRESET_CATEGORY, 1));
}

/**
 * The builder's state, kept in this tab's storage: a build in progress survives a reload. The server renders the
 * first step afresh, and so does the app's first render over that page (it must match it: lib/hydration.ts); the
 * tab's build replaces it in the same commit (a layout effect: nothing typed or picked in between is lost), and is
 * kept again from then on.
 */
function useKeptBuild(): [BuilderState, Dispatch<BuilderAction>] {
  const [state, dispatch] = useReducer(builderReducer, undefined, () =>
    isHydrating() ? initialState() : restoreState(),
  );
  const serversState = useRef(isHydrating() ? state : null);
  useLayoutEffect(() => {
    const kept = serversState.current ? keptState() : null;
    if (kept) dispatch({ type: 'restore', state: kept });
  }, []);
  useEffect(() => {
    if (state === serversState.current) return; // not the tab's build yet: keep what it holds
    serversState.current = null;
    persistState(state);
  }, [state]);
  return [state, dispatch];
}

export default function FrameBuilderPage() {
  const [state, dispatch] = useKeptBuild();
  const { design, step } = state;
  const { signedIn } = useSession();
  const [picking, setPicking] = useState<PartSlot | null>(null);
  const [pendingPart, setPendingPart] = useState<{ slot: PartSlot; product: PartProduct } | null>(null);
  const { savedOpen, setSavedOpen, loadSaved, loadError } = useLoadSaved(dispatch);
  const [orderType, setOrderType] = useState<'join' | 'chop'>('join');

  const parts = usePartsByField(design);

  // the price follows the design a moment after the typing stops (the drawing follows at once)
  const { notes: _notes, ...priced } = design;
  const [debouncedDesign] = useDebouncedValue(priced, 400);
  const anyPart = designCodes(design).length > 0;
  // asked even when a part does not fit: the answer prices the others and gives that part's reason
  const quote = useQuote(step === 3 && anyPart ? { ...debouncedDesign, notes: '' } : null, orderType);
  const save = useFrameSave(design, state, dispatch);
  const cart = useDesignToCart(design, orderType, quote.data);

  useArtworkSize(design.file, state.image, dispatch);

  // leaving step 3 with unsaved work asks first
  const unsaved = step === 3 && !state.saved && (anyPart || Boolean(design.file));

  const change = (patch: Partial<FrameDesign>) => dispatch({ type: 'change', patch });

  function choose(slot: PartSlot, product: PartProduct) {
    if (isBackordered(product)) {
      setPendingPart({ slot, product });
      return;
    }
    change(placePart(design, slot, product.Code));
    setPicking(null);
  }

  return (
    <Container size="xl" className={classes.page}>
      <div className={classes.screenOnly}>
        <PageHeader
          eyebrow="Frame Builder"
          title="Frame Creator"
          description="Add a picture, size and crop it, then choose the moulding, mat and glazing — see it true to scale, at your own prices."
        />
        <BuilderSteps step={step} onStep={(next) => dispatch({ type: 'step', step: next })} />

        {step === 1 ? (
          <StepImage
            onImage={(file, width, height) => dispatch({ type: 'image', file, width, height })}
            onWithoutImage={() => dispatch({ type: 'image', file: null, width: 0, height: 0 })}
            onSavedFrames={() => setSavedOpen(true)}
          />
        ) : null}
        {step === 2 ? (
          <Suspense fallback={<PageLoader />}>
            <StepSize
              design={design}
              image={state.image}
              onChange={change}
              onBack={() => dispatch({ type: 'step', step: 1 })}
              onNext={() => dispatch({ type: 'step', step: 3 })}
            />
          </Suspense>
        ) : null}
        {step === 3 ? (
          <Stack gap="md">
            {cart.cartError ? (
              <Alert color="red" role="alert" withCloseButton onClose={() => cart.setCartError(null)}>
                {cart.cartError}
              </Alert>
            ) : null}
            <StepDesign
              design={design}
              parts={parts}
              image={state.image}
              saved={state.saved}
              savedName={state.savedName}
              savedId={state.savedId}
              quote={{ data: quote.data, isFetching: quote.isFetching, error: quote.error }}
              orderType={orderType}
              onOrderType={setOrderType}
              onChange={change}
              onPick={setPicking}
              onEditImage={() => dispatch({ type: 'step', step: design.file ? 2 : 1 })}
              onEditSize={() => dispatch({ type: 'step', step: 2 })}
              onAddToCart={() => cart.addToCart()}
              adding={cart.adding}
              onSave={save.onSave}
              onSaveAs={save.onSaveAs}
            />
            <Text size="xs" c="dimmed">
              Photographs: <Link to="/FrameBuilder/credits">credits and licences</Link>
            </Text>
          </Stack>
        ) : null}
      </div>

      {step === 3 ? (
        <PrintSheet
          design={design}
          parts={parts}
          image={state.image}
          name={state.savedName}
          quote={signedIn ? quote.data : undefined}
        />
      ) : null}

      <PartPicker
        kind={picking === null ? null : pickerKindOf(picking)}
        title={picking === null ? undefined : SLOT_TITLE(picking, 1 + (design.lowerMats ?? []).length)}
        onClose={() => setPicking(null)}
        onSelect={(_, product) => {
          if (picking !== null) choose(picking, product);
        }}
      />

      <SavedFramesModal opened={savedOpen} onClose={() => setSavedOpen(false)} onLoad={loadSaved} />
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : null}

      <BackorderedPartModal
        opened={pendingPart !== null}
        onNo={() => setPendingPart(null)}
        onYes={() => {
          if (pendingPart) change(placePart(design, pendingPart.slot, pendingPart.product.Code));
          setPendingPart(null);
          setPicking(null);
        }}
      />

      <SaveFrameModal save={save} />

      <DesignToCartModals cart={cart} />

      <LeaveGuard unsaved={unsaved} />
    </Container>
  );
}

/** Picture, Size & crop, Design: the three steps, each a click away. */
function BuilderSteps({ step, onStep }: { step: 1 | 2 | 3; onStep: (step: 1 | 2 | 3) => void }) {
  return (
    <Stepper
      active={step - 1}
      onStepClick={(i) => onStep((i + 1) as 1 | 2 | 3)}
      size="sm"
      mb="lg"
      wrap={false}
      classNames={{
        step: classes.stepperStep,
        stepBody: classes.stepperBody,
        stepDescription: classes.stepperDescription,
        separator: classes.stepperSeparator,
      }}
    >
      <Stepper.Step label="Picture" description="Upload or choose" />
      <Stepper.Step label="Size & crop" description="Inches and sixteenths" />
      <Stepper.Step label="Design" description="Frame, mat, glazing" />
    </Stepper>
  );
}

/** A part chosen while out of stock everywhere: taken only when the user says so. */
function BackorderedPartModal({
  opened,
  onNo,
  onYes,
}: {
  opened: boolean;
  onNo: () => void;
  onYes: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onNo} title="Back-ordered" centered>
      <Text>{frameMessages.backordered}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onNo}>
          No
        </Button>
        <Button onClick={onYes}>Yes</Button>
      </Group>
    </Modal>
  );
}

/** Leaving the Frame Creator (or the page) with unsaved work asks first. */
function LeaveGuard({ unsaved }: { unsaved: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave the Frame Creator?"
      centered
    >
      <Text>{frameMessages.leaveUnsaved}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          No
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Yes
        </Button>
      </Group>
    </Modal>
  );
}

/** The design's parts by the field that names them, as the drawing and the rules read them. */
function usePartsByField(design: FrameDesign) {
  const codeList = designCodes(design).join('|');
  const codes = useMemo(() => (codeList ? codeList.split('|') : []), [codeList]);
  const partsQuery = useDesignParts(codes);
  const { moulding, innerMoulding, fillet, mat, lowerMats, glass } = design;
  // the same parts while only sizes change: the drawing is worked out again only when a part changes
  return useMemo(
    () =>
      partsByField({ moulding, innerMoulding, fillet, mat, lowerMats, glass }, partsQuery.data?.data ?? []),
    [partsQuery.data, moulding, innerMoulding, fillet, mat, lowerMats, glass],
  );
}

/** The picture's natural size when a design was loaded (its crop is kept in fractions of it). */
function useArtworkSize(file: string | null, image: unknown, dispatch: Dispatch<BuilderAction>) {
  useEffect(() => {
    if (!file || image) return;
    const img = new Image();
    img.onload = () => dispatch({ type: 'imageSize', width: img.naturalWidth, height: img.naturalHeight });
    img.src = file.startsWith('preset:')
      ? `/api/framebuilder/presets/${file.slice(7)}.jpg`
      : `/api/framebuilder/image/${file}.jpg`;
  }, [file, image, dispatch]);
}

/** The saved frames' dialog, and a saved design loaded from it. */
function useLoadSaved(dispatch: Dispatch<BuilderAction>) {
  const [savedOpen, setSavedOpen] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  async function loadSaved(f: SavedFrame) {
    setLoadError(null);
    try {
      const full = (await fetchSavedFrame(f.id)).data[0];
      dispatch({ type: 'load', id: full.id, name: full.name, design: decodeFrameData(full.framedata ?? '') });
      setSavedOpen(false);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : frameMessages.framedataInvalid);
    }
  }

  return { savedOpen, setSavedOpen, loadSaved, loadError };
}
