import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMoney, paymentMessages as M } from '@mitrebox/domain';
import { IconCreditCard } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { makeBatchPayments, sumBatchPayments } from '../../lib/payments-api.ts';
import classes from './payments.module.css';

/**
 * The Batch Summary modal (account-area §2): 'Your Card ending in {last four} will be billed for' the sum of
 * the ticked invoices; Make Payment answers at once and a job charges them.
 */
export function BatchPaymentModal({
  opened,
  onClose,
  invoiceIds,
  onStarted,
}: {
  opened: boolean;
  onClose: () => void;
  invoiceIds: number[];
  onStarted: (batchId: number) => void;
}) {
  const body = invoiceIds.map((invoiceid) => ({ invoiceid }));
  const summary = useQuery({
    queryKey: ['payments', 'batchSum', invoiceIds],
    queryFn: () => sumBatchPayments(body),
    enabled: opened && invoiceIds.length > 0,
    retry: false,
    gcTime: 0,
  });
  const make = useMutation({
    mutationFn: () => makeBatchPayments(body),
    onSuccess: (answer) => {
      if (!answer.success) {
        notifications.show({ color: 'yellow', message: M.batchFailed });
        return;
      }
      notifications.show({ color: 'green', message: M.batchStarted });
      onStarted(answer.batchId);
      onClose();
    },
    onError: (err) =>
      notifications.show({
        color: 'yellow',
        title: M.batchFailed,
        message: err instanceof Error ? err.message : '',
      }),
  });
  const line = summary.data?.[0];
  return (
    <Modal opened={opened} onClose={onClose} title="Batch Summary" centered radius="md">
      <Stack gap="md">
        {summary.isPending ? (
          <Group gap="xs">
            <Loader size="sm" /> <Text>Adding up the invoices…</Text>
          </Group>
        ) : summary.isError ? (
          <Alert color="red" variant="light" role="alert">
            {summary.error.message}
          </Alert>
        ) : line ? (
          <div data-testid="batch-summary">
            <Text>{M.batchCardEnding(line.lastfour)}</Text>
            <Text className={classes.summaryAmount}>${formatMoney(line.sum)}</Text>
            <Text size="sm" c="dimmed">
              {invoiceIds.length} {invoiceIds.length === 1 ? 'invoice' : 'invoices'}
            </Text>
          </div>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconCreditCard size={18} aria-hidden />}
            disabled={!line}
            loading={make.isPending}
            onClick={() => make.mutate()}
          >
            Make Payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
