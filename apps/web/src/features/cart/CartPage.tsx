import { Anchor, Container, Paper, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CartPage() {
  return (
    <Container size="lg" py={{ base: 'xl', md: 48 }}>
      <Anchor component={Link} to="/Shop" size="sm" fw={600} mb="sm" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> Back to Shop
      </Anchor>
      <PageHeader eyebrow="Cart" title="Shopping Cart" />
      <Paper p="xl" radius="md" bg="#fff" style={{ borderStyle: 'dashed' }}>
        <Text size="lg">
          Your items, their cutting instructions and the PO number for the order will be listed here.
        </Text>
      </Paper>
    </Container>
  );
}
