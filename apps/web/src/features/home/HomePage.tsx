import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { QUICK_LINK_COLLECTIONS, VALUE_LINE_COLLECTION_ID } from '@mitrebox/domain';
import {
  IconArrowRight,
  IconBoxSeam,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandPinterest,
  IconBrandYoutube,
  IconFrame,
  IconLink,
  IconMapPin,
  IconPhone,
  IconRuler2,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { CollectionTile, collectionShopPath } from '../../components/CollectionTile.tsx';
import { FrameArt } from '../../components/FrameArt.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { useSession } from '../../lib/session.ts';
import { PRODUCT_NAME, SOCIAL_LINKS, telHref, useSiteInfo } from '../../lib/site.ts';
import classes from './HomePage.module.css';
import { useCollections, useSettings, useSite } from './home-api.ts';
import {
  collectionRefs,
  missionBlurb,
  popularAndNew,
  resolveCollection,
  settingValue,
  socialLinks,
  valueLines,
} from './home-data.ts';
import { NearView } from './NearView.tsx';

// The carousels (Embla) load after the first paint, while the collections are fetched; skeletons hold their place.
const CollectionCarousel = lazy(async () => ({
  default: (await import('./CollectionCarousel.tsx')).CollectionCarousel,
}));
// The signed-in home (the account at a glance, with its Buy Again carousel) loads only for a signed-in buyer.
const AccountHome = lazy(async () => ({
  default: (await import('./AccountHome.tsx')).AccountHome,
}));

const FEATURES = [
  {
    icon: IconRuler2,
    title: 'Mouldings, cut your way',
    text: 'Order by length, chop, join, straight cut or by the box — with your account prices.',
    to: '/Shop',
    link: 'Shop mouldings',
  },
  {
    icon: IconBoxSeam,
    title: 'Mats, glass and hardware',
    text: 'Everything that goes between the rails, stocked in four warehouses across the country.',
    to: '/collections',
    link: 'Browse collections',
  },
  {
    icon: IconFrame,
    title: 'Design it first',
    text: "Try mouldings and mats around your customer's picture in the Frame Builder.",
    to: '/FrameBuilder',
    link: 'Open the Frame Builder',
  },
] as const;

const SOCIAL_ICONS: Record<string, typeof IconBrandFacebook> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  pinterest: IconBrandPinterest,
  youtube: IconBrandYoutube,
};

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

export default function HomePage() {
  const { signedIn, account } = useSession();
  const { warehouses } = useSiteInfo();
  const site = useSite();
  const settings = useSettings();
  const collections = useCollections();

  const refs = collectionRefs(settingValue(settings.data, 'popular_collections'));
  const { popular, whatsNew } = popularAndNew(refs);
  const popularTiles = popular.map((r) => resolveCollection(r, collections.data));
  const newTiles = whatsNew.map((r) => resolveCollection(r, collections.data));
  const allTiles = (collections.data ?? []).map((c) => resolveCollection({ id: c.id }, collections.data));
  const valueLine = valueLines(settingValue(settings.data, 'value_lines'))[0] ?? null;
  const valueTile = valueLine
    ? resolveCollection({ id: valueLine.id, name: valueLine.name, value: valueLine.value }, collections.data)
    : null;
  const mission = missionBlurb(settingValue(settings.data, 'who_we_are'));
  const fromSettings = socialLinks(settingValue(settings.data, 'social_links'));
  const social =
    fromSettings.length > 0 ? fromSettings : SOCIAL_LINKS.map((s) => ({ name: s.name, url: s.href }));
  const phones = new Map((site.data?.locations ?? []).map((l) => [l.Loc, l.Phone]));
  const quickLinks = QUICK_LINK_COLLECTIONS.map((q) => ({
    ...q,
    name: collections.data?.find((c) => c.id === q.id)?.name ?? q.name,
  }));
  const settingsLoading = settings.isPending;

  return (
    <>
      {signedIn ? (
        <Suspense fallback={<TileSkeletons n={3} />}>
          <AccountHome />
        </Suspense>
      ) : null}
      {signedIn ? null : (
        <section className={classes.hero} aria-labelledby="home-title">
          <Container size="xl" className={classes.heroInner}>
            <div className={classes.heroText}>
              <Text className={classes.kicker}>
                {signedIn && account
                  ? `Welcome back, ${account.Company}`
                  : 'Picture-framing supply · trade only'}
              </Text>
              <Title order={1} id="home-title" className={classes.title}>
                Mouldings, mats and glass for the <span className={classes.accent}>framing trade</span>
              </Title>
              <Text className={classes.lead}>
                Frame shops and galleries order from thousands of mouldings with their own prices and live
                stock in New Orleans, Greensboro, Tampa and Denver.
              </Text>
              <Group gap="sm" mt="xl">
                <Button
                  component={Link}
                  to="/Shop"
                  size="lg"
                  color="brass.4"
                  c="walnut.9"
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                >
                  Shop
                </Button>
                <Button
                  component={Link}
                  to="/collections"
                  size="lg"
                  variant="outline"
                  color="brass.2"
                  className={classes.outline}
                >
                  Collections
                </Button>
              </Group>
              <nav className={classes.quick} aria-label="Best sellers">
                <Text component="span" className={classes.quickLabel}>
                  Best sellers
                </Text>
                <ul className={classes.quickList}>
                  {quickLinks.map((q) => (
                    <li key={q.id}>
                      <Link to={collectionShopPath(q.id)} className={classes.quickLink}>
                        {q.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              {!signedIn ? (
                <Text className={classes.signin}>
                  Trade customer?{' '}
                  <Anchor component={Link} to="/login" className={classes.signinLink}>
                    Sign in
                  </Anchor>{' '}
                  to see your prices and stock.
                </Text>
              ) : null}
            </div>
            <Box className={classes.heroArt}>
              <FrameArt ratio="4 / 5" />
            </Box>
          </Container>
        </section>
      )}

      <Section
        id="home-popular"
        title="Popular collections"
        eyebrow="What frame shops order most"
        action={<SeeAll to="/collections">All collections</SeeAll>}
      >
        {settingsLoading ? (
          <TileSkeletons n={6} />
        ) : popularTiles.length > 0 ? (
          <Suspense fallback={<TileSkeletons n={6} />}>
            <CollectionCarousel
              label="Popular collections"
              collections={popularTiles}
              eager={0}
              slideSize={{ base: '46%', xs: '31%', sm: '25%', md: '20%', lg: `${100 / 6}%` }}
            />
          </Suspense>
        ) : null}
      </Section>

      {newTiles.length > 0 ? (
        <Section id="home-new" title="What's New" eyebrow="Just in" tone="linen">
          <ul className={classes.newGrid}>
            {newTiles.map((c) => (
              <li key={c.id}>
                <CollectionTile collection={c} compact />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {valueLine && valueTile ? (
        <section className={classes.valueLine} aria-labelledby="home-value-line">
          <Container size="xl" className={classes.valueInner}>
            <Link
              to={collectionShopPath(valueTile.id)}
              className={classes.valueImage}
              tabIndex={-1}
              aria-hidden
            >
              <ProductImage src={valueTile.image} alt="" />
            </Link>
            <div className={classes.valueText}>
              <Text className={classes.kicker}>Everyday essentials</Text>
              <Title order={2} id="home-value-line" className={classes.valueTitle}>
                {valueLine.title}
              </Title>
              {valueLine.text ? <Text className={classes.valueLead}>{valueLine.text}</Text> : null}
              <Button
                component={Link}
                to={collectionShopPath(valueTile.id ?? VALUE_LINE_COLLECTION_ID)}
                mt="lg"
                size="md"
                color="brass.4"
                c="walnut.9"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Shop the {valueLine.name}
              </Button>
            </div>
          </Container>
        </section>
      ) : null}

      <Section
        id="home-all"
        title="All collections"
        eyebrow="Browse the catalogue"
        action={<SeeAll to="/collections">See them as a grid</SeeAll>}
      >
        {collections.isPending ? (
          <TileSkeletons n={6} />
        ) : allTiles.length > 0 ? (
          <NearView placeholder={<TileSkeletons n={6} />}>
            <Suspense fallback={<TileSkeletons n={6} />}>
              <CollectionCarousel
                label="All collections"
                collections={allTiles}
                slideSize={{
                  base: `${100 / 2.5}%`,
                  xs: `${100 / 3.5}%`,
                  sm: `${100 / 4.5}%`,
                  md: `${100 / 5.5}%`,
                  lg: `${100 / 6.5}%`,
                }}
              />
            </Suspense>
          </NearView>
        ) : null}
      </Section>

      <Container size="xl" py={{ base: 40, md: 64 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'lg', md: 32 }}>
          {FEATURES.map((f) => (
            <article key={f.title} className={classes.feature}>
              <ThemeIcon size={44} radius="sm" color="walnut.7" aria-hidden>
                <f.icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} className={classes.featureTitle}>
                {f.title}
              </Title>
              <Text c="dimmed">{f.text}</Text>
              <Anchor component={Link} to={f.to} fw={600} className={classes.featureLink}>
                {f.link} <IconArrowRight size={15} aria-hidden />
              </Anchor>
            </article>
          ))}
        </SimpleGrid>
      </Container>

      <section className={classes.mission} aria-labelledby="home-mission">
        <Container size="xl" className={classes.missionInner}>
          <div className={classes.missionText}>
            <Text className={classes.eyebrow}>Who we are</Text>
            <Title order={2} id="home-mission" className={classes.sectionTitle}>
              {mission?.heading || 'Framers supplying framers'}
            </Title>
            {mission ? <Text className={classes.missionLead}>{mission.text}</Text> : null}
            <Anchor component={Link} to="/whoWeAre" fw={600} className={classes.seeAll} mt="sm">
              More about us <IconArrowRight size={15} aria-hidden />
            </Anchor>
          </div>
          <div className={classes.socialBox}>
            <Text className={classes.eyebrow}>Follow us</Text>
            <Text size="sm" c="dimmed" mb="sm">
              New profiles, finished frames from our customers and shop tips.
            </Text>
            <ul className={classes.socialList} aria-label="Social links">
              {social.map((s) => {
                const Icon = SOCIAL_ICONS[s.name.toLowerCase()] ?? IconLink;
                return (
                  <li key={s.name}>
                    <ActionIcon
                      component="a"
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="default"
                      size={44}
                      radius="xl"
                      aria-label={`${PRODUCT_NAME} on ${s.name}`}
                      className={classes.social}
                    >
                      <Icon size={22} stroke={1.6} aria-hidden />
                    </ActionIcon>
                  </li>
                );
              })}
            </ul>
          </div>
        </Container>
      </section>

      <section className={classes.warehouses} aria-labelledby="warehouses-title">
        <Container size="xl">
          <Title order={2} id="warehouses-title" className={classes.warehousesTitle}>
            Four warehouses, one account
          </Title>
          <ul className={classes.warehouseGrid} data-testid="home-locations">
            {warehouses.map((w) => {
              const phone = phones.get(w.code);
              return (
                <li key={w.code} className={classes.warehouse}>
                  <IconMapPin size={20} stroke={1.6} aria-hidden className={classes.pin} />
                  <div>
                    <Text fw={700} c="walnut.9">
                      {w.name}
                    </Text>
                    {w.street ? (
                      <Text size="sm" c="dimmed">
                        {w.street}
                        <br />
                        {w.city}, {w.state} {w.zip}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Warehouse
                      </Text>
                    )}
                    {phone ? (
                      <Anchor href={telHref(phone)} size="sm" fw={600} className={classes.warehousePhone}>
                        <IconPhone size={14} aria-hidden /> {phone}
                      </Anchor>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>
    </>
  );
}
