import { Container, Title } from '@mantine/core';
import { messages } from '@mitrebox/domain';

/** /orderComplete shows only 'Order Complete' (storefront §2). */
export default function OrderCompletePage() {
  return (
    <Container size="lg" py={{ base: 'xl', md: 64 }}>
      <Title order={1} ta="center" c="walnut.9">
        {messages.orderComplete}
      </Title>
    </Container>
  );
}
