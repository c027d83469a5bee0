import { Button, Container, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** A page that failed to load (for example a new release replaced its code chunk): offer a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Container size="sm" py={80}>
      <Title order={1} c="walnut.9">
        Something went wrong
      </Title>
      <Text size="lg" mt="sm" c="dimmed">
        This page could not be shown. Reloading usually fixes it.
      </Text>
      <Button mt="xl" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Container>
  );
}
