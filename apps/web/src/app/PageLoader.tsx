import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center py={96} role="status" aria-label="Loading">
      <Loader color="walnut.6" />
    </Center>
  );
}
