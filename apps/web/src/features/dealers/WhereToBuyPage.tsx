import { Alert, Button, Container, NativeSelect, Skeleton, Text, TextInput, Title } from '@mantine/core';
import type { WhereToBuyResponse } from '@mitrebox/api-contract';
import { DEALER_RADIUS_DEFAULT, DEALER_RADIUS_MILES, dealerMessages, isValidZip } from '@mitrebox/domain';
import { IconAlertCircle, IconMapPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { cx } from '../../lib/cx.ts';
import { useDealers } from './dealers-api.ts';
import classes from './WhereToBuyPage.module.css';

// Leaflet, react-leaflet and the US outline load only when a search has answered
const DealerMap = lazy(() => import('./DealerMap.tsx'));

const RADIUS_OPTIONS = DEALER_RADIUS_MILES.map((m) => ({ value: String(m), label: `${m} miles` }));

function parseMiles(value: string | null): number {
  const n = Number(value);
  return (DEALER_RADIUS_MILES as readonly number[]).includes(n) ? n : DEALER_RADIUS_DEFAULT;
}

/** /whereToBuy: frame shops near a ZIP code, listed by distance and shown on a map (account-area §2). */
export default function WhereToBuyPage() {
  const [params, setParams] = useSearchParams();
  const searchedZip = params.get('zip') ?? '';
  const searchedMiles = parseMiles(params.get('miles'));
  const search = isValidZip(searchedZip) ? { zip: searchedZip, miles: searchedMiles } : null;
  const [activeId, setActiveId] = useState<string | null>(null);
  const dealers = useDealers(search);

  return (
    <Container size="xl" py={{ base: 'lg', md: 40 }}>
      <PageHeader
        eyebrow="Where To Buy"
        title="Find a frame shop near you"
        description="Framers and galleries that carry our mouldings, by distance from your ZIP code."
      />
      <ZipSearchForm
        searchedZip={searchedZip}
        searchedMiles={searchedMiles}
        onSearch={(zip, miles) => {
          setActiveId(null);
          setParams({ zip, miles }, { replace: false });
        }}
      />

      {searchedZip && !search ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {dealerMessages.zipInvalid}
        </Alert>
      ) : null}

      {dealers.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="No search results">
          {dealers.error.message}
        </Alert>
      ) : null}

      {search && dealers.isPending ? (
        <div className={classes.results} role="status" aria-busy="true" aria-label="Searching">
          <Skeleton height={320} radius="md" />
          <Skeleton className={classes.mapPlaceholder} />
        </div>
      ) : null}

      {dealers.data ? <Retailers answer={dealers.data} activeId={activeId} onActivate={setActiveId} /> : null}
    </Container>
  );
}

/** The ZIP code and radius, shown as searched; a ZIP that is not five digits is said under its field. */
function ZipSearchForm(props: {
  searchedZip: string;
  searchedMiles: number;
  onSearch: (zip: string, miles: string) => void;
}) {
  const { searchedZip, searchedMiles } = props;
  const [zip, setZip] = useState(searchedZip);
  const [miles, setMiles] = useState(String(searchedMiles));
  const [zipError, setZipError] = useState<string | null>(null);

  useEffect(() => {
    setZip(searchedZip);
    setMiles(String(searchedMiles));
  }, [searchedZip, searchedMiles]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const z = zip.trim();
    if (!isValidZip(z)) {
      setZipError(dealerMessages.zipInvalid);
      return;
    }
    setZipError(null);
    props.onSearch(z, miles);
  };

  return (
    <form className={classes.form} onSubmit={submit} noValidate aria-label="Find retailers">
      <TextInput
        label="ZIP code"
        placeholder="EX: 12345"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={zip}
        onChange={(e) => {
          setZip(e.currentTarget.value.replace(/\D/g, '').slice(0, 5));
          setZipError(null);
        }}
        error={zipError}
      />
      <NativeSelect
        label="Radius"
        data={RADIUS_OPTIONS}
        value={miles}
        onChange={(e) => setMiles(e.currentTarget.value)}
      />
      <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
        Search
      </Button>
    </form>
  );
}

interface RetailersProps {
  answer: WhereToBuyResponse;
  activeId: string | null;
  onActivate: (id: string | null) => void;
}

/** The answer of a search: the dealers nearest first beside the map, the one picked in either shown in both. */
function Retailers({ answer, activeId, onActivate }: RetailersProps) {
  const mapRef = useRef<HTMLDivElement>(null);
  return (
    <section aria-labelledby="retailers-heading">
      <Title order={2} id="retailers-heading" size="h3" mb="md">
        Retailers Near {answer.zip}
      </Title>
      {answer.data.length === 0 ? (
        <Alert color="linen" icon={<IconMapPin size={18} />} mb="md">
          {dealerMessages.noneNear(answer.zip, answer.miles)}
        </Alert>
      ) : null}
      <div className={classes.results}>
        {answer.data.length > 0 ? (
          <RetailerList answer={answer} activeId={activeId} onActivate={onActivate} mapRef={mapRef} />
        ) : null}
        <div
          ref={mapRef}
          className={classes.mapCell}
          style={answer.data.length === 0 ? { gridColumn: '1 / -1' } : undefined}
        >
          <Suspense fallback={<Skeleton className={classes.mapPlaceholder} />}>
            <DealerMap
              dealers={answer.data}
              center={answer.center}
              tiles={answer.tiles}
              activeId={activeId}
              onActivate={onActivate}
            />
          </Suspense>
        </div>
      </div>
    </section>
  );
}

/** The dealers as a numbered list; the one picked (here or on the map) is marked and scrolled into view. */
function RetailerList({
  answer,
  activeId,
  onActivate,
  mapRef,
}: RetailersProps & { mapRef: RefObject<HTMLDivElement | null> }) {
  const rowRefs = useRef(new Map<string, HTMLButtonElement>());

  // a dealer picked on the map scrolls into view in the list
  useEffect(() => {
    if (activeId) rowRefs.current.get(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  return (
    <ol className={classes.list} aria-label={`Retailers near ${answer.zip}`}>
      {answer.data.map((d, i) => (
        <li key={d.Acctnum}>
          <button
            type="button"
            ref={(el) => {
              if (el) rowRefs.current.set(d.Acctnum, el);
              else rowRefs.current.delete(d.Acctnum);
            }}
            className={cx(classes.row, d.Acctnum === activeId && classes.active)}
            aria-pressed={d.Acctnum === activeId}
            onMouseEnter={() => onActivate(d.Acctnum)}
            onFocus={() => onActivate(d.Acctnum)}
            onClick={() => {
              onActivate(d.Acctnum);
              // on a phone the map is above the list: bring it back into view to show the pick
              if (window.matchMedia('(max-width: 62em)').matches) {
                mapRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
              }
            }}
            data-dealer={d.Acctnum}
          >
            <span className={classes.num}>{i + 1}.</span>
            <span>
              <span className={classes.company}>{d.Company}</span>
              <Text component="span" display="block" className={classes.address}>
                {d.Address1}, {d.City}, {d.State} {d.Zip}
              </Text>
            </span>
            <span className={classes.distance}>{d.distance.toFixed(1)} mi</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
