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
import type { MakePaymentRequest } from '@mitrebox/api-contract';
import { formatMoney, paymentMessages as M, manualCardProblem, paymentAmountProblem } from '@mitrebox/domain';
import { IconAlertCircle, IconCheck, IconCreditCard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import {
  type BillingMethod,
  newAttemptKey,
  useBillingMethods,
  useMakePayment,
} from '../../lib/payments-api.ts';
import { type CardDetails, CardDetailsFields, EMPTY_CARD_DETAILS } from './CardDetailsFields.tsx';
import {
  CardFieldError,
  type CardFieldState,
  HostedCardFields,
  type HostedCardFieldsHandle,
  useHostedFieldsOwnExpiry,
} from './HostedCardFields.tsx';
import { defaultCardChoice, firstPayMode, type PayMode } from './pay-choices.ts';
import classes from './payments.module.css';

const fail = (message: string) => notifications.show({ color: 'red', title: 'Payment not made', message });

type Mode = PayMode;
type Invoice = { Invnum: number; Acctnum: string; balance: string };

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
  invoice: Invoice;
  /** Reloads the invoice; resolves when it is shown again. */
  onPaid: () => Promise<unknown>;
}) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const methods = useBillingMethods(invoice.Acctnum);
  const saved = methods.data;
  const payment = useInvoicePayment(invoice, saved, onPaid, onClose);
  const { mode, amount, amountProblem, problem, setProblem, declined, busy } = payment;
  // what went wrong is brought into view (on a phone the window is taller than the screen)
  const told = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (declined !== null || problem) told.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [declined, problem]);

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
            payment.setMode(v as Mode);
            setProblem(null);
          }}
          data={[
            { value: 'saved', label: 'Saved card' },
            { value: 'manual', label: 'Enter Card' },
          ]}
          aria-label="How to pay"
        />
        {mode === 'saved' ? (
          <SavedCards
            saved={saved ?? []}
            chosen={payment.chosen}
            onChoose={payment.setChosen}
            isPhone={isPhone}
          />
        ) : (
          <CardDetailsFields
            value={payment.details}
            onChange={(d) => {
              payment.setDetails(d);
              setProblem(null);
            }}
            withExpiry={!payment.gatewayExpiry}
            cardField={
              <HostedCardFields
                ref={payment.fields}
                onState={(state) => {
                  payment.setCard(state);
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
            onChange={(e) => payment.setAmount(e.currentTarget.value.replace(/[^\d.]/g, ''))}
            error={amountProblem}
            w={220}
          />
        </div>
        {declined !== null ? (
          <Alert
            ref={told}
            color="red"
            variant="light"
            role="alert"
            title={M.cardDeclined}
            icon={<IconAlertCircle size={18} aria-hidden />}
            data-testid="payment-declined"
          >
            {M.declineReason(declined)}
          </Alert>
        ) : null}
        {problem ? (
          <Alert ref={told} color="red" variant="light" role="alert" data-testid="payment-problem">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button
            leftSection={<IconCreditCard size={18} aria-hidden />}
            onClick={() => void payment.submit()}
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

/** The account's saved cards as a radio table (or a note when there are none). */
function SavedCards({
  saved,
  chosen,
  onChoose,
  isPhone,
}: {
  saved: BillingMethod[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
  isPhone: boolean | undefined;
}) {
  if (saved.length === 0)
    return (
      <Text c="dimmed">No cards are saved on this account. Choose Enter Card, or add one in My Account.</Text>
    );
  return (
    <Radio.Group value={chosen} onChange={onChoose} aria-label="Saved cards" name="saved-card">
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
  );
}

/**
 * The payment form's state and its Pay step: the request checked, the card tokenised once per attempt, the
 * payment sent with the attempt's key, and the answer shown.
 */
function useInvoicePayment(
  invoice: Invoice,
  saved: BillingMethod[] | undefined,
  onPaid: () => Promise<unknown>,
  onClose: () => void,
) {
  // Until the user chooses: Enter Card when the account has no saved card, else its default card (issue 31).
  const [pickedMode, setMode] = useState<Mode | null>(null);
  const mode: Mode = pickedMode ?? firstPayMode(saved);
  const [picked, setChosen] = useState<string | null>(null);
  const chosen = picked ?? defaultCardChoice(saved);
  const client = useQueryClient();
  /** The processor's reason of the last declined attempt: stays in the window until the next attempt. */
  const [declined, setDeclined] = useState<string | null>(null);
  const [details, setDetails] = useState<CardDetails>(EMPTY_CARD_DETAILS);
  const [amount, setAmount] = useState(invoice.balance);
  const [card, setCard] = useState<CardFieldState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; base: string; body: MakePaymentRequest } | null>(null);
  const fields = useRef<HostedCardFieldsHandle>(null);
  const pay = useMakePayment();
  const gatewayExpiry = useHostedFieldsOwnExpiry();

  const amountProblem = paymentAmountProblem(amount, invoice.balance);

  const submit = async () => {
    setProblem(null);
    setDeclined(null);
    if (amountProblem) return;
    const request = paymentRequest({ mode, chosen, details, amount, card, gatewayExpiry, invoice });
    if ('problem' in request) return setProblem(request.problem);
    let body = request.body;
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
      const answer = await pay.mutateAsync({ body: attempt.current.body, key: attempt.current.key });
      attempt.current = null; // answered: the next click is a new attempt
      if (!answer.success || !answer.paymentSuccess) {
        // told in the window, everything typed kept: the card can be corrected or another one used
        setDeclined(answer.msg ?? '');
        return;
      }
      void client.invalidateQueries({ queryKey: ['account', 'balance'] });
      notifications.show({ color: 'green', icon: <IconCheck size={18} />, message: M.paymentRan });
      await onPaid();
      notifications.show({ color: 'green', icon: <IconCheck size={18} />, message: M.paymentCompleted });
      onClose();
    } catch (err) {
      if (err instanceof CardFieldError) return setProblem(cardFieldProblem(err));
      // a network failure keeps the attempt (and its key): trying again cannot charge twice
      if (err instanceof ApiError && err.status !== 0) attempt.current = null;
      // a refusal of the server (an amount, a card) is told in the window, beside what it refers to
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) return setProblem(err.message);
      fail(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return {
    mode,
    setMode,
    chosen,
    setChosen,
    details,
    setDetails,
    amount,
    setAmount,
    setCard,
    problem,
    setProblem,
    declined,
    busy,
    fields,
    gatewayExpiry,
    amountProblem,
    submit,
  };
}

/** The request of the chosen way to pay, or the first problem to show instead (nothing is sent then). */
function paymentRequest(f: {
  mode: Mode;
  chosen: string | null;
  details: CardDetails;
  amount: string;
  card: CardFieldState | null;
  gatewayExpiry: boolean;
  invoice: Invoice;
}): { body: MakePaymentRequest } | { problem: string } {
  const { invoice, details, card } = f;
  if (f.mode === 'saved') {
    if (!f.chosen) return { problem: M.chooseMethod };
    return {
      body: {
        Invnum: invoice.Invnum,
        Acctnum: invoice.Acctnum,
        accountBillId: Number(f.chosen),
        amount: f.amount.trim(),
      },
    };
  }
  // with Braintree the expiry is in its hosted fields (checked when tokenising), not in this form
  const expiry = f.gatewayExpiry ? { expmonth: 'hosted', expyear: 'hosted' } : {};
  const first = manualCardProblem({ ...details, ...expiry, cvvPresent: card?.cvvPresent ?? false });
  if (first) return { problem: first };
  if (card && !card.numberValid) return { problem: M.checkCardNumber };
  return {
    body: {
      Invnum: invoice.Invnum,
      Acctnum: invoice.Acctnum,
      accountBillId: 'manual',
      amount: f.amount.trim(),
      ...details,
    },
  };
}

/** What the hosted card field refused, as the form says it. */
function cardFieldProblem(err: CardFieldError): string {
  if (err.field === 'number') return M.checkCardNumber;
  if (err.field === 'cvv') return M.chooseCvv;
  if (err.field === 'expiry') return err.message || M.chooseExpYear;
  return M.cardFieldError;
}
