import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@mitrebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../../app/PageLoader.tsx';
import { day, ordersApi, STATUS_COLORS, STATUS_LABELS } from './orders-api.ts';

/** /staff/orders/{ordnum}: one order of any account with its lines and totals. */
export function OrderDetail() {
  const ordnum = Number(useParams().ordnum);
  const order = useQuery({
    queryKey: ['staff', 'order', ordnum],
    queryFn: () => ordersApi.get(ordnum),
    enabled: Number.isInteger(ordnum) && ordnum > 0,
    retry: false,
  });
  if (order.isPending) return <PageLoader />;
  if (order.error)
    return (
      <Alert color="red" role="alert">
        {(order.error as Error).message}
      </Alert>
    );
  const o = order.data;
  const ship = [o.shipTo.company, o.shipTo.address1, o.shipTo.address2]
    .concat(
      [[o.shipTo.city, o.shipTo.state].filter(Boolean).join(', '), o.shipTo.zip].filter(Boolean).join(' '),
    )
    .filter(Boolean);
  const totals: [string, string][] = [
    ['Items', o.itemTotal],
    ['Discount', o.discount],
    ['Tax', o.tax],
    ['Shipping', o.shipping],
    ['Packing', o.packing],
  ];
  return (
    <Stack>
      <Anchor component={Link} to={`/staff/orders?acctnum=${o.acctnum}`} size="sm">
        ← Orders of account {o.acctnum}
      </Anchor>
      <Group gap="sm">
        <Title order={1}>Order {o.ordnum}</Title>
        <Badge color={STATUS_COLORS[o.status]} variant="light" size="lg">
          {STATUS_LABELS[o.status]}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Account
          </Title>
          <Text>
            {o.acctnum}
            {o.company ? ` · ${o.company}` : ''}
          </Text>
          <Text size="sm">Ordered {day(o.ordDate)}</Text>
          {o.dueDate && <Text size="sm">Payment due {day(o.dueDate)}</Text>}
          <Text size="sm">PO: {o.custPo ?? '—'}</Text>
          <Text size="sm">
            Terms: {o.terms ?? '—'} · Ship via: {o.shipvia ?? '—'} · Location: {o.location}
          </Text>
          {o.invoiceNumbers.length > 0 && <Text size="sm">Invoices: {o.invoiceNumbers.join(', ')}</Text>}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Ship to
          </Title>
          {ship.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Paper>
      </SimpleGrid>
      <Table.ScrollContainer minWidth={720}>
        <Table striped captionSide="top">
          <caption>Lines of order {o.ordnum}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Qty</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Unit price</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.lines.map((l) => (
              <Table.Tr key={l.seqnum}>
                <Table.Td>{l.seqnum}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{Number(l.qty)}</Table.Td>
                <Table.Td>{l.code}</Table.Td>
                <Table.Td>
                  {l.description}
                  {l.instructions && (
                    <Text size="xs" c="dimmed">
                      {l.instructions}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{l.pcode ?? ''}</Table.Td>
                <Table.Td>{l.size ?? ''}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.unitPrice)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.totPrice)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paper withBorder p="md" maw={360} ml="auto" w="100%">
        <Table>
          <Table.Tbody>
            {totals.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(value)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td style={{ textAlign: 'right' }} fw={700}>
                {formatMoney(o.invTotal)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
