import { Alert, Button, Container, Group, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SavedFrame } from '@mitrebox/api-contract';
import {
  BACKORDER_LABELS,
  type BackorderOption,
  decodeFrameData,
  encodeFrameData,
  type FrameDesign,
  frameMessages,
  messages,
  STOCK_STATE,
} from '@mitrebox/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError } from '../../lib/api.ts';
import { CART_QUERY_KEY } from '../../lib/cart-api.ts';
import { useSession } from '../../lib/session.ts';
import classes from './FrameBuilder.module.css';
import { builderReducer, persistState, restoreState } from './frame-state.ts';
import {
  addDesignToCart,
  FIRST_PRESET_CATEGORY,
  fetchSavedFrame,
  type PartProduct,
  presetsQuery,
  saveFrame,
  useDesignParts,
  useQuote,
} from './frames-api.ts';
import { PartPicker } from './PartPicker.tsx';
import { PrintSheet } from './PrintSheet.tsx';
import { designCodes, type PartSlot, partsByField, pickerKindOf, placePart, SLOT_TITLE } from './parts.ts';
import { SavedFramesModal } from './SavedFramesModal.tsx';
import { StepDesign } from './StepDesign.tsx';
import { StepImage } from './StepImage.tsx';
import { StepSize } from './StepSize.tsx';

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

export default function FrameBuilderPage() {
  const [state, dispatch] = useReducer(builderReducer, undefined, restoreState);
  const { design, step } = state;
  const { signedIn } = useSession();
  const client = useQueryClient();
  const [picking, setPicking] = useState<PartSlot | null>(null);
  const [pendingPart, setPendingPart] = useState<{ slot: PartSlot; product: PartProduct } | null>(null);
  const [savedOpen, setSavedOpen] = useState(false);
  const [saveMode, setSaveMode] = useState<'save' | 'saveAs' | null>(null);
  const [saveName, setSaveName] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [orderType, setOrderType] = useState<'join' | 'chop'>('join');
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [cartError, setCartError] = useState<string | null>(null);
  const [backorderAsk, setBackorderAsk] = useState(false);
  const [backtype, setBacktype] = useState<BackorderOption>('backremq');
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => persistState(state), [state]);

  const codeList = designCodes(design).join('|');
  const codes = useMemo(() => (codeList ? codeList.split('|') : []), [codeList]);
  const partsQuery = useDesignParts(codes);
  const { moulding, innerMoulding, fillet, mat, lowerMats, glass } = design;
  // the same parts while only sizes change: the drawing is worked out again only when a part changes
  const parts = useMemo(
    () =>
      partsByField({ moulding, innerMoulding, fillet, mat, lowerMats, glass }, partsQuery.data?.data ?? []),
    [partsQuery.data, moulding, innerMoulding, fillet, mat, lowerMats, glass],
  );

  // the price follows the design a moment after the typing stops (the drawing follows at once)
  const { notes: _notes, ...priced } = design;
  const [debouncedDesign] = useDebouncedValue(priced, 400);
  const anyPart = designCodes(design).length > 0;
  // asked even when a part does not fit: the answer prices the others and gives that part's reason
  const quote = useQuote(step === 3 && anyPart ? { ...debouncedDesign, notes: '' } : null, orderType);

  // the picture's natural size when a design was loaded (its crop is kept in fractions of it)
  useEffect(() => {
    if (!design.file || state.image) return;
    const img = new Image();
    img.onload = () => dispatch({ type: 'imageSize', width: img.naturalWidth, height: img.naturalHeight });
    img.src = design.file.startsWith('preset:')
      ? `/api/framebuilder/presets/${design.file.slice(7)}.jpg`
      : `/api/framebuilder/image/${design.file}.jpg`;
  }, [design.file, state.image]);

  // leaving step 3 with unsaved work asks first
  const unsaved = step === 3 && !state.saved && (anyPart || Boolean(design.file));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const change = (patch: Partial<FrameDesign>) => dispatch({ type: 'change', patch });

  function choose(slot: PartSlot, product: PartProduct) {
    if (isBackordered(product)) {
      setPendingPart({ slot, product });
      return;
    }
    change(placePart(design, slot, product.Code));
    setPicking(null);
  }

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

  async function doSave() {
    const name = saveName.trim();
    if (!name) {
      setSaveError(frameMessages.nameRequired);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const id = saveMode === 'save' ? state.savedId : null;
      const res = await saveFrame({ framedata: encodeFrameData(design), name, id });
      dispatch({ type: 'saved', id: res.framedataid, name });
      await client.invalidateQueries({ queryKey: ['frames', 'saved'] });
      setSaveMode(null);
    } catch (err) {
      setSaveError(err instanceof ApiError ? (err.errors?.name ?? err.message) : String(err));
    } finally {
      setSaving(false);
    }
  }

  async function addToCart(choice?: BackorderOption) {
    const backordered = quote.data?.data.some((l) => l.item?.stockState === STOCK_STATE.backordered);
    if (backordered && !choice) {
      setBackorderAsk(true);
      return;
    }
    setBackorderAsk(false);
    setAdding(true);
    setCartError(null);
    try {
      const cart = await addDesignToCart({ options: design, orderType, backtype: choice ?? null });
      client.setQueryData(CART_QUERY_KEY, cart);
      setAdded(messages.itemsAdded);
    } catch (err) {
      setCartError(err instanceof Error ? err.message : String(err));
    } finally {
      setAdding(false);
    }
  }

  return (
    <Container size="xl" className={classes.page}>
      <div className={classes.screenOnly}>
        <PageHeader
          eyebrow="Frame Builder"
          title="Frame Creator"
          description="Add a picture, size and crop it, then choose the moulding, mat and glazing — see it true to scale, at your own prices."
        />
        <Stepper
          active={step - 1}
          onStepClick={(i) => dispatch({ type: 'step', step: (i + 1) as 1 | 2 | 3 })}
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

        {step === 1 ? (
          <StepImage
            onImage={(file, width, height) => dispatch({ type: 'image', file, width, height })}
            onWithoutImage={() => dispatch({ type: 'image', file: null, width: 0, height: 0 })}
            onSavedFrames={() => setSavedOpen(true)}
          />
        ) : null}
        {step === 2 ? (
          <StepSize
            design={design}
            image={state.image}
            onChange={change}
            onBack={() => dispatch({ type: 'step', step: 1 })}
            onNext={() => dispatch({ type: 'step', step: 3 })}
          />
        ) : null}
        {step === 3 ? (
          <Stack gap="md">
            {cartError ? (
              <Alert color="red" role="alert" withCloseButton onClose={() => setCartError(null)}>
                {cartError}
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
              onAddToCart={() => addToCart()}
              adding={adding}
              onSave={() => {
                setSaveName(state.savedName);
                setSaveError(null);
                setSaveMode(state.savedId ? 'save' : 'saveAs');
              }}
              onSaveAs={() => {
                setSaveName('');
                setSaveError(null);
                setSaveMode('saveAs');
              }}
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

      <Modal opened={pendingPart !== null} onClose={() => setPendingPart(null)} title="Back-ordered" centered>
        <Text>{frameMessages.backordered}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPendingPart(null)}>
            No
          </Button>
          <Button
            onClick={() => {
              if (pendingPart) change(placePart(design, pendingPart.slot, pendingPart.product.Code));
              setPendingPart(null);
              setPicking(null);
            }}
          >
            Yes
          </Button>
        </Group>
      </Modal>

      <Modal
        opened={saveMode !== null}
        onClose={() => setSaveMode(null)}
        title={saveMode === 'save' ? 'Save Frame' : 'Save Frame As'}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void doSave();
          }}
        >
          <Stack gap="sm">
            {saveMode === 'save' && state.savedId ? (
              <Alert color="yellow">{frameMessages.overwrite}</Alert>
            ) : null}
            <TextInput
              label="Name"
              value={saveName}
              maxLength={80}
              onChange={(e) => setSaveName(e.currentTarget.value)}
              error={saveError}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSaveMode(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={backorderAsk} onClose={() => setBackorderAsk(false)} title="Back-ordered" centered>
        <Stack gap="sm">
          <Text>{frameMessages.backordered}</Text>
          {(Object.keys(BACKORDER_LABELS) as BackorderOption[]).map((o) => (
            <label key={o} className={classes.radioRow}>
              <input type="radio" name="backtype" checked={backtype === o} onChange={() => setBacktype(o)} />{' '}
              {BACKORDER_LABELS[o]}
            </label>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setBackorderAsk(false)}>
              No
            </Button>
            <Button onClick={() => addToCart(backtype)}>Yes</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={added !== null} onClose={() => setAdded(null)} title="Frame added" centered>
        <Text>{added}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAdded(null)}>
            Keep designing
          </Button>
          <Button component={Link} to="/Cart" onClick={() => setAdded(null)}>
            Go to cart
          </Button>
        </Group>
      </Modal>

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
    </Container>
  );
}
