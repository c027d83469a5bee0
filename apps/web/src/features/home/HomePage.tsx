import { Anchor, Box, Button, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBoxSeam, IconFrame, IconMapPin, IconRuler2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FrameArt } from '../../components/FrameArt.tsx';
import { useSession } from '../../lib/session.ts';
import { useSiteInfo } from '../../lib/site.ts';
import classes from './HomePage.module.css';

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

export default function HomePage() {
  const { signedIn, account } = useSession();
  const { warehouses } = useSiteInfo();
  return (
    <>
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
              Frame shops and galleries order from thousands of mouldings with their own prices and live stock
              in New Orleans, Greensboro, Tampa and Denver.
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

      <Container size="xl" py={{ base: 48, md: 72 }}>
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

      <section className={classes.warehouses} aria-labelledby="warehouses-title">
        <Container size="xl">
          <Title order={2} id="warehouses-title" className={classes.warehousesTitle}>
            Four warehouses, one account
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mt="lg">
            {warehouses.map((w) => (
              <div key={w.code} className={classes.warehouse}>
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
                </div>
              </div>
            ))}
          </SimpleGrid>
        </Container>
      </section>
    </>
  );
}
