import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatMoney, paymentMessages as M, manualCardProblem, paymentAmountProblem } from '@mitrebox/domain';
import { IconCheck, IconCreditCard } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { newAttemptKey, useBillingMethods, useMakePayment } from '../../lib/payments-api.ts';
import { type CardDetails, CardDetailsFields, EMPTY_CARD_DETAILS } from './CardDetailsFields.tsx';
import {
  CardFieldError,
  type CardFieldState,
  HostedCardFields,
  type HostedCardFieldsHandle,
  useHostedFieldsOwnExpiry,
} from './HostedCardFields.tsx';
import classes from './payments.module.css';

const fail = (message: string) => notifications.show({ color: 'red', title: 'Payment not made', message });

/**
 * The Billing Method modal (account-area §2): pay an invoice with a saved card (radio table) or 'Enter Card'
 * through the hosted card field, for an amount up to the balance. One idempotency key per attempt: a retry
 * of the same attempt (lost answer, double click) charges once.
 */
export function BillingMethodModal({
  opened,
  onClose,
  invoice,
  onPaid,
}: {
  opened: boolean;
  onClose: () => void;
  invoice: { Invnum: number; Acctnum: string; balance: string };
  /** Reloads the invoice; resolves when it is shown again. */
  onPaid: () => Promise<unknown>;
}) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const methods = useBillingMethods(invoice.Acctnum);
  const [mode, setMode] = useState<'saved' | 'manual'>('saved');
  const [chosen, setChosen] = useState<string | null>(null);
  const [details, setDetails] = useState<CardDetails>(EMPTY_CARD_DETAILS);
  const [amount, setAmount] = useState(invoice.balance);
  const [card, setCard] = useState<CardFieldState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; base: string; body: Record<string, unknown> } | null>(null);
  const fields = useRef<HostedCardFieldsHandle>(null);
  const pay = useMakePayment();
  const gatewayExpiry = useHostedFieldsOwnExpiry();

  const amountProblem = paymentAmountProblem(amount, invoice.balance);
  const saved = methods.data ?? [];

  const submit = async () => {
    setProblem(null);
    if (amountProblem) return;
    let body: Record<string, unknown>;
    if (mode === 'saved') {
      if (!chosen) return setProblem(M.chooseMethod);
      body = {
        Invnum: invoice.Invnum,
        Acctnum: invoice.Acctnum,
        accountBillId: Number(chosen),
        amount: amount.trim(),
      };
    } else {
      // with Braintree the expiry is in its hosted fields (checked when tokenising), not in this form
      const expiry = gatewayExpiry ? { expmonth: 'hosted', expyear: 'hosted' } : {};
      const first = manualCardProblem({ ...details, ...expiry, cvvPresent: card?.cvvPresent ?? false });
      if (first) return setProblem(first);
      if (card && !card.numberValid) return setProblem(M.checkCardNumber);
      body = {
        Invnum: invoice.Invnum,
        Acctnum: invoice.Acctnum,
        accountBillId: 'manual',
        amount: amount.trim(),
        ...details,
      };
    }
    setBusy(true);
    try {
      const base = JSON.stringify(body);
      // A retry of an unanswered attempt (lost connection) resends it as it was, with its key: it charges once.
      if (!attempt.current || attempt.current.base !== base) {
        if (mode === 'manual') {
          const t = await fields.current?.tokenize(details.expmonth, details.expyear, {
            name: details.billing_name,
            postalCode: details.billing_postal,
            streetAddress: details.billing_address,
          });
          if (!t) throw new CardFieldError('unknown');
          body = {
            ...body,
            token: t.token,
            last_four: t.lastFour,
            type: t.cardType,
            expmonth: t.expmonth ?? details.expmonth,
            expyear: t.expyear ?? details.expyear,
          };
        }
        attempt.current = { key: newAttemptKey(), base, body };
      }
      const answer = await pay.mutateAsync({ body: attempt.current.body as never, key: attempt.current.key });
      attempt.current = null; // answered: the next click is a new attempt
      if (!answer.success || !answer.paymentSuccess) {
        fail(answer.msg || 'The payment was declined.');
        fields.current?.clear();
        return;
      }
      notifications.show({ color: 'green', icon: <IconCheck size={18} />, message: M.paymentRan });
      await onPaid();
      notifications.show({ color: 'green', icon: <IconCheck size={18} />, message: M.paymentCompleted });
      onClose();
    } catch (err) {
      if (err instanceof CardFieldError) {
        if (err.field === 'number') setProblem(M.checkCardNumber);
        else if (err.field === 'cvv') setProblem(M.chooseCvv);
        else if (err.field === 'expiry') setProblem(err.message || M.chooseExpYear);
        else setProblem(M.cardFieldError);
        return;
      }
      // a network failure keeps the attempt (and its key): trying again cannot charge twice
      if (err instanceof ApiError && err.status !== 0) attempt.current = null;
      fail(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Pay invoice ${invoice.Invnum}`}
      size="lg"
      fullScreen={isPhone}
      radius="md"
      centered
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(v) => {
            setMode(v as 'saved' | 'manual');
            setProblem(null);
          }}
          data={[
            { value: 'saved', label: 'Saved card' },
            { value: 'manual', label: 'Enter Card' },
          ]}
          aria-label="How to pay"
        />
        {mode === 'saved' ? (
          saved.length === 0 ? (
            <Text c="dimmed">
              No cards are saved on this account. Choose Enter Card, or add one in My Account.
            </Text>
          ) : (
            <Radio.Group value={chosen} onChange={setChosen} aria-label="Saved cards" name="saved-card">
              <div className={classes.cards}>
                <Table verticalSpacing={6} aria-label="Saved cards">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th />
                      <Table.Th>Nickname</Table.Th>
                      <Table.Th>Card</Table.Th>
                      <Table.Th>Expires</Table.Th>
                      {isPhone ? null : <Table.Th>Type</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {saved.map((m) => (
                      <Table.Tr key={m.id}>
                        <Table.Td>
                          <Radio value={String(m.id)} aria-label={`${m.name}, ending in ${m.last_four}`} />
                        </Table.Td>
                        <Table.Td fw={600}>
                          {m.name}{' '}
                          {m.default ? (
                            <Badge size="xs" variant="light" color="green" c="green.8">
                              Default
                            </Badge>
                          ) : null}
                        </Table.Td>
                        <Table.Td>•••• {m.last_four}</Table.Td>
                        <Table.Td>{`${String(m.expmonth).padStart(2, '0')}/${m.expyear}`}</Table.Td>
                        {isPhone ? null : <Table.Td>{m.type}</Table.Td>}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </Radio.Group>
          )
        ) : (
          <CardDetailsFields
            value={details}
            onChange={(d) => {
              setDetails(d);
              setProblem(null);
            }}
            withExpiry={!gatewayExpiry}
            cardField={
              <HostedCardFields
                ref={fields}
                onState={(state) => {
                  setCard(state);
                  setProblem(null);
                }}
              />
            }
          />
        )}
        <div className={classes.amountRow}>
          <TextInput
            label="Payment amount"
            description={`Balance $${formatMoney(invoice.balance)}`}
            leftSection="$"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value.replace(/[^\d.]/g, ''))}
            error={amountProblem}
            w={220}
          />
        </div>
        {problem ? (
          <Alert color="red" variant="light" role="alert" data-testid="payment-problem">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button
            leftSection={<IconCreditCard size={18} aria-hidden />}
            onClick={() => void submit()}
            loading={busy}
            disabled={Boolean(amountProblem)}
          >
            Pay ${amountProblem ? '' : formatMoney(amount || '0')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
