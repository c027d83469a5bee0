import { Anchor, Button, Container, Skeleton, Text, Title } from '@mantine/core';
import type { Collection } from '@mitrebox/api-contract';
import { VALUE_LINE_COLLECTION_ID } from '@mitrebox/domain';
import { IconArrowRight } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { Link } from 'react-router';
import { CollectionTile, collectionShopPath } from '../../components/CollectionTile.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { WhenNear } from '../../components/WhenNear.tsx';
import { current as currentSession, useSession } from '../../lib/session.ts';
import { collectionsQuery, settingsQuery } from '../../lib/shared-queries.ts';
import { prefetchAccountHome } from './account-home-queries.ts';
import { HomeFeatures, HomeMission, HomeWarehouses } from './HomeAbout.tsx';
import { HomeHero } from './HomeHero.tsx';
import classes from './HomePage.module.css';
import { useCollections, useSettings, useSite } from './home-api.ts';
import {
  collectionRefs,
  type HomeCollection,
  popularAndNew,
  resolveCollection,
  type SettingEntry,
  settingValue,
  type ValueLine,
  valueLines,
} from './home-data.ts';

// The carousels (Embla) load after the first paint, while the collections are fetched; skeletons hold their place.
const CollectionCarousel = lazy(async () => ({
  default: (await import('./CollectionCarousel.tsx')).CollectionCarousel,
}));
// The signed-in home (the account at a glance, with its Buy Again carousel) loads only for a signed-in buyer. The
// server's render of a buyer's home page loads it first (`prefetch`), so the page comes with the account part drawn,
// not a placeholder the browser then replaces (the page jumped: issue 33).
const AccountHome = lazyWithPreload(async () => ({
  default: (await import('./AccountHome.tsx')).AccountHome,
}));

/**
 * The home page's first data, beside its code (ADR 013): the settings (which collections are popular, new, the value
 * line) and the collections; for a signed-in buyer also the account part's code and its calls. The server's render
 * makes the same calls.
 */
export function prefetch(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(settingsQuery),
    client.prefetchQuery(collectionsQuery),
    ...(currentSession().signedIn ? [AccountHome.preload(), prefetchAccountHome(client)] : []),
  ]);
}

/** The home page: the buyer's account at a glance (or the visitor's welcome), the collections, then the shop. */
export default function HomePage() {
  const { signedIn } = useSession();
  const site = useSite();
  const settings = useSettings();
  const collections = useCollections();
  const tiles = homeCollections(settings.data, collections.data);

  return (
    <>
      {signedIn ? (
        <Suspense fallback={<TileSkeletons n={3} />}>
          <AccountHome />
        </Suspense>
      ) : (
        <HomeHero collections={collections.data} />
      )}
      <PopularCollections tiles={tiles.popular} loading={settings.isPending} />
      <WhatsNew tiles={tiles.whatsNew} />
      {tiles.valueLine ? <ValueLineBanner {...tiles.valueLine} /> : null}
      <AllCollections tiles={tiles.all} loading={collections.isPending} />
      <HomeFeatures />
      <HomeMission settings={settings.data} />
      <HomeWarehouses site={site.data} />
    </>
  );
}

/**
 * The collections the home page shows, from the settings (`popular_collections`: the first six Popular, the rest
 * What's New; `value_lines`: the first is the banner) and the catalogue's collections.
 */
function homeCollections(settings: SettingEntry[] | undefined, collections: Collection[] | undefined) {
  const { popular, whatsNew } = popularAndNew(collectionRefs(settingValue(settings, 'popular_collections')));
  const line = valueLines(settingValue(settings, 'value_lines'))[0] ?? null;
  return {
    popular: popular.map((r) => resolveCollection(r, collections)),
    whatsNew: whatsNew.map((r) => resolveCollection(r, collections)),
    all: (collections ?? []).map((c) => resolveCollection({ id: c.id }, collections)),
    valueLine: line && {
      line,
      tile: resolveCollection({ id: line.id, name: line.name, value: line.value }, collections),
    },
  };
}

function Section({
  id,
  title,
  eyebrow,
  action,
  children,
  tone,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  action?: ReactNode;
  children: ReactNode;
  tone?: 'linen';
}) {
  return (
    <section className={classes.section} data-tone={tone} aria-labelledby={id}>
      <Container size="xl">
        <div className={classes.sectionHead}>
          <div>
            {eyebrow ? <Text className={classes.eyebrow}>{eyebrow}</Text> : null}
            <Title order={2} id={id} className={classes.sectionTitle}>
              {title}
            </Title>
          </div>
          {action}
        </div>
        {children}
      </Container>
    </section>
  );
}

function SeeAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={600} className={classes.seeAll}>
      {children} <IconArrowRight size={15} aria-hidden />
    </Anchor>
  );
}

function TileSkeletons({ n }: { n: number }) {
  return (
    <div className={classes.tileRow} aria-hidden>
      {Array.from({ length: n }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <Skeleton key={i} className={classes.tileSkeleton} />
      ))}
    </div>
  );
}

function PopularCollections({ tiles, loading }: { tiles: HomeCollection[]; loading: boolean }) {
  return (
    <Section
      id="home-popular"
      title="Popular collections"
      eyebrow="What frame shops order most"
      action={<SeeAll to="/collections">All collections</SeeAll>}
    >
      {loading ? (
        <TileSkeletons n={6} />
      ) : tiles.length > 0 ? (
        <Suspense fallback={<TileSkeletons n={6} />}>
          <CollectionCarousel
            label="Popular collections"
            collections={tiles}
            eager={0}
            slideSize={{ base: '46%', xs: '31%', sm: '25%', md: '20%', lg: `${100 / 6}%` }}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}

function WhatsNew({ tiles }: { tiles: HomeCollection[] }) {
  if (tiles.length === 0) return null;
  return (
    <Section id="home-new" title="What's New" eyebrow="Just in" tone="linen">
      <ul className={classes.newGrid}>
        {tiles.map((c) => (
          <li key={c.id}>
            <CollectionTile collection={c} compact />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The everyday line of the settings' `value_lines`, with its collection's picture. */
function ValueLineBanner({ line, tile }: { line: ValueLine; tile: HomeCollection }) {
  return (
    <section className={classes.valueLine} aria-labelledby="home-value-line">
      <Container size="xl" className={classes.valueInner}>
        <Link to={collectionShopPath(tile.id)} className={classes.valueImage} tabIndex={-1} aria-hidden>
          <ProductImage src={tile.image} alt="" />
        </Link>
        <div className={classes.valueText}>
          <Text className={classes.kicker}>Everyday essentials</Text>
          <Title order={2} id="home-value-line" className={classes.valueTitle}>
            {line.title}
          </Title>
          {line.text ? <Text className={classes.valueLead}>{line.text}</Text> : null}
          <Button
            component={Link}
            to={collectionShopPath(tile.id ?? VALUE_LINE_COLLECTION_ID)}
            mt="lg"
            size="md"
            color="brass.4"
            c="walnut.9"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            Shop the {line.name}
          </Button>
        </div>
      </Container>
    </section>
  );
}

function AllCollections({ tiles, loading }: { tiles: HomeCollection[]; loading: boolean }) {
  return (
    <Section
      id="home-all"
      title="All collections"
      eyebrow="Browse the catalogue"
      action={<SeeAll to="/collections">See them as a grid</SeeAll>}
    >
      {loading ? (
        <TileSkeletons n={6} />
      ) : tiles.length > 0 ? (
        <WhenNear placeholder={<TileSkeletons n={6} />} margin="600px">
          <Suspense fallback={<TileSkeletons n={6} />}>
            <CollectionCarousel
              label="All collections"
              collections={tiles}
              slideSize={{
                base: `${100 / 2.5}%`,
                xs: `${100 / 3.5}%`,
                sm: `${100 / 4.5}%`,
                md: `${100 / 5.5}%`,
                lg: `${100 / 6.5}%`,
              }}
            />
          </Suspense>
        </WhenNear>
      ) : null}
    </Section>
  );
}
