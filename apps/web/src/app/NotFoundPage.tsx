import { Button, Container, Group, Text, Title } from '@mantine/core';
import { NOT_FOUND_MESSAGE } from '@mitrebox/domain';
import { Link } from 'react-router';
import { FrameArt } from '../components/FrameArt.tsx';
import classes from './NotFoundPage.module.css';

/** Any path no route matches. */
export function NotFoundPage() {
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <div className={classes.root}>
        <div className={classes.art}>
          <FrameArt ratio="1 / 1" />
          <Text className={classes.code} aria-hidden>
            404
          </Text>
        </div>
        <div>
          <Title order={1} className={classes.title}>
            {NOT_FOUND_MESSAGE}
          </Title>
          <Text c="dimmed" size="lg" mt="sm">
            The link may be old, or the address mistyped.
          </Text>
          <Group mt="xl" gap="sm">
            <Button component={Link} to="/">
              Go to the home page
            </Button>
            <Button component={Link} to="/Shop" variant="default">
              Shop
            </Button>
          </Group>
        </div>
      </div>
    </Container>
  );
}
