import { Anchor, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import type { Collection } from '@mitrebox/api-contract';
import { QUICK_LINK_COLLECTIONS } from '@mitrebox/domain';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { collectionShopPath } from '../../components/CollectionTile.tsx';
import { FrameArt } from '../../components/FrameArt.tsx';
import classes from './HomePage.module.css';

/** The visitor's welcome: what the shop is, Shop and Collections, the best sellers, and a sign-in line. */
export function HomeHero({ collections }: { collections: Collection[] | undefined }) {
  const quickLinks = QUICK_LINK_COLLECTIONS.map((q) => ({
    ...q,
    name: collections?.find((c) => c.id === q.id)?.name ?? q.name,
  }));
  return (
    <section className={classes.hero} aria-labelledby="home-title">
      <Container size="xl" className={classes.heroInner}>
        <div className={classes.heroText}>
          <Text className={classes.kicker}>Picture-framing supply · trade only</Text>
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
          <Text className={classes.signin}>
            Trade customer?{' '}
            <Anchor component={Link} to="/login" className={classes.signinLink}>
              Sign in
            </Anchor>{' '}
            to see your prices and stock.
          </Text>
        </div>
        <Box className={classes.heroArt}>
          <FrameArt ratio="4 / 5" />
        </Box>
      </Container>
    </section>
  );
}
