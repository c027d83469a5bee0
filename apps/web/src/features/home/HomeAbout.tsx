import { ActionIcon, Anchor, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { SiteResponse } from '@mitrebox/api-contract';
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
import { Link } from 'react-router';
import { PRODUCT_NAME, SOCIAL_LINKS, telHref, useSiteInfo } from '../../lib/site.ts';
import classes from './HomePage.module.css';
import { missionBlurb, type SettingEntry, settingValue, socialLinks } from './home-data.ts';

/** The lower half of the home page: what the shop offers, who we are, and the four warehouses. */

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

export function HomeFeatures() {
  return (
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
  );
}

/** Who we are (the `who_we_are` setting) and the social links (`social_links`, else the shop's own). */
export function HomeMission({ settings }: { settings: SettingEntry[] | undefined }) {
  const mission = missionBlurb(settingValue(settings, 'who_we_are'));
  const fromSettings = socialLinks(settingValue(settings, 'social_links'));
  const social =
    fromSettings.length > 0 ? fromSettings : SOCIAL_LINKS.map((s) => ({ name: s.name, url: s.href }));
  return (
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
  );
}

/** The four warehouses with their addresses, and their telephone numbers as /api/site gives them. */
export function HomeWarehouses({ site }: { site: SiteResponse | undefined }) {
  const { warehouses } = useSiteInfo();
  const phones = new Map((site?.locations ?? []).map((l) => [l.Loc, l.Phone]));
  return (
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
  );
}
