import { ActionIcon, Anchor, Container, Group, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandPinterest,
  IconBrandYoutube,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Wordmark } from '../components/Wordmark.tsx';
import { PRODUCT_NAME, SOCIAL_LINKS, telHref, useSiteInfo } from '../lib/site.ts';
import classes from './SiteFooter.module.css';

const SOCIAL_ICONS = {
  Facebook: IconBrandFacebook,
  Instagram: IconBrandInstagram,
  Pinterest: IconBrandPinterest,
  YouTube: IconBrandYoutube,
} as const;

const CUSTOMER_LINKS = [
  { label: 'New Account', to: '/newAccount' },
  { label: 'Where To Buy', to: '/whereToBuy' },
  { label: 'Careers', to: '/careers' },
  { label: 'Contact Us', to: '/contactUs' },
  { label: 'Who We Are', to: '/whoWeAre' },
] as const;

const POLICY_LINKS = [
  { label: 'FAQ', to: '/FAQ' },
  { label: 'Store Locations', to: '/storeLocations' },
  { label: 'Privacy Policy', to: '/privacyPolicy' },
  { label: 'Terms', to: '/Terms' },
] as const;

/** Shown only when the server reports a staging environment (storefront §2). */
export function StagingBanner({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className={classes.staging} role="note">
      Staging site — orders and payments here are not real.
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const site = useSiteInfo();
  return (
    <footer className={classes.footer}>
      <StagingBanner visible={site.stagingBanner} />
      <Container size="xl" className={classes.inner}>
        <div className={classes.grid}>
          <div className={classes.brandCol}>
            <Link to="/" aria-label={`${PRODUCT_NAME} home`} className={classes.brand}>
              <Wordmark inverted />
            </Link>
            <Text className={classes.blurb}>
              Mouldings, mats, glass and hardware for frame shops and galleries.
            </Text>
            <address className={classes.address}>
              <Text fw={700} c="#fbf3e4">
                {site.companyName}
              </Text>
              {site.addressLines.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
              <Anchor href={telHref(site.phone)} className={classes.phone}>
                <IconPhone size={16} aria-hidden /> {site.phone}
              </Anchor>
            </address>
          </div>

          <nav aria-label="Customers">
            <Text className={classes.heading}>Customers</Text>
            <ul className={classes.list}>
              {CUSTOMER_LINKS.map((l) => (
                <li key={l.to}>
                  <Anchor component={Link} to={l.to} className={classes.link}>
                    {l.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>

          <div>
            <Text className={classes.heading}>Warehouses</Text>
            <ul className={classes.list}>
              {site.warehouses.map((w) => (
                <li key={w.code} className={classes.location}>
                  <IconMapPin size={16} aria-hidden className={classes.pin} />
                  <span>
                    {w.city}
                    {w.state ? `, ${w.state}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </div>

          <div>
            <Text className={classes.heading}>Follow us</Text>
            <Group gap={6} mt={4}>
              {SOCIAL_LINKS.map((s) => {
                const Icon = SOCIAL_ICONS[s.name];
                return (
                  <ActionIcon
                    key={s.name}
                    component="a"
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="outline"
                    color="brass.3"
                    size={34}
                    radius="xl"
                    aria-label={`${PRODUCT_NAME} on ${s.name}`}
                    className={classes.social}
                  >
                    <Icon size={20} stroke={1.6} aria-hidden />
                  </ActionIcon>
                );
              })}
            </Group>
            <Text className={classes.heading} mt="xl">
              Policies
            </Text>
            <ul className={classes.list}>
              {POLICY_LINKS.map((l) => (
                <li key={l.to}>
                  <Anchor component={Link} to={l.to} className={classes.link}>
                    {l.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className={classes.bottom}>
          <Text size="sm">
            © {year} {site.companyName}. Trade customers only.
          </Text>
        </div>
      </Container>
    </footer>
  );
}
