import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  BILLING_ADD_REQUIRED,
  BILLING_EDIT_REQUIRED,
  paymentMessages as M,
  missingFields,
} from '@mitrebox/domain';
import { IconCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type BillingMethod, useBillingMutations } from '../../lib/payments-api.ts';
import { type CardDetails, CardDetailsFields, EMPTY_CARD_DETAILS } from './CardDetailsFields.tsx';
import {
  CardFieldError,
  type CardFieldState,
  HostedCardFields,
  type HostedCardFieldsHandle,
  useHostedFieldsOwnExpiry,
} from './HostedCardFields.tsx';

const detailsOf = (m: BillingMethod): CardDetails => ({
  name: m.name,
  billing_name: m.billing_name,
  billing_address: m.billing_address,
  billing_city: m.billing_city,
  billing_state: m.billing_state,
  billing_postal: m.billing_postal,
  expmonth: String(m.expmonth),
  expyear: String(m.expyear),
});

/**
 * Add or edit a billing method (account-area §2): nickname, billing name, address, city, state, postal code,
 * expiry; on add the card number and CVV go into the hosted field and the card is vaulted by the gateway.
 * Every required field left blank says 'Field required'.
 */
export function BillingMethodDialog({
  opened,
  onClose,
  acctnum,
  editing,
}: {
  opened: boolean;
  onClose: () => void;
  acctnum: string;
  /** The card being edited; none to add a card. */
  editing: BillingMethod | null;
}) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const [value, setValue] = useState<CardDetails>(editing ? detailsOf(editing) : EMPTY_CARD_DETAILS);
  const [makeDefault, setMakeDefault] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof CardDetails, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [card, setCard] = useState<CardFieldState | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRef<HostedCardFieldsHandle>(null);
  const { add, update } = useBillingMutations();
  // with Braintree a new card's expiry is in its hosted fields (checked when tokenising), not in this form
  const gatewayExpiry = useHostedFieldsOwnExpiry() && !editing;

  const submit = async () => {
    setProblem(null);
    const required = (editing ? BILLING_EDIT_REQUIRED : BILLING_ADD_REQUIRED).filter(
      (f) => !gatewayExpiry || (f !== 'expmonth' && f !== 'expyear'),
    );
    const missing = missingFields(value as unknown as Record<string, unknown>, required);
    const nextErrors = Object.fromEntries(missing.map((f) => [f, M.fieldRequired]));
    setErrors(nextErrors);
    if (missing.length > 0) return;
    if (!editing && card && !card.numberValid) return setProblem(M.checkCardNumber);
    if (!editing && card && !card.cvvPresent) return setProblem(`CVV: ${M.fieldRequired}`);
    setBusy(true);
    try {
      if (editing) {
        const answer = await update.mutateAsync({ id: editing.id, body: { ...value, Acctnum: acctnum } });
        notifications.show({
          color: 'green',
          icon: <IconCheck size={18} />,
          message: answer.message || M.billingUpdated,
        });
      } else {
        const t = await fields.current?.tokenize(value.expmonth, value.expyear, {
          name: value.billing_name,
          postalCode: value.billing_postal,
          streetAddress: value.billing_address,
        });
        if (!t) throw new CardFieldError('unknown');
        const answer = await add.mutateAsync({
          ...value,
          expmonth: t.expmonth ?? value.expmonth,
          expyear: t.expyear ?? value.expyear,
          Acctnum: acctnum,
          token: t.token,
          last_four: t.lastFour,
          type: t.cardType,
          default: makeDefault,
        });
        notifications.show({ color: 'green', icon: <IconCheck size={18} />, message: answer.message });
      }
      onClose();
    } catch (err) {
      if (err instanceof CardFieldError) {
        setProblem(
          err.field === 'number'
            ? M.checkCardNumber
            : err.field === 'unknown'
              ? M.cardFieldError
              : err.message,
        );
        return;
      }
      const message =
        err instanceof ApiError
          ? err.message || (err.errors ? M.required(Object.keys(err.errors)) : '')
          : String(err);
      if (err instanceof ApiError && err.errors) setErrors(err.errors as typeof errors);
      notifications.show({ color: 'red', message });
      fields.current?.clear();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${editing.name} (•••• ${editing.last_four})` : 'Add a card'}
      size="lg"
      fullScreen={isPhone}
      radius="md"
      centered
    >
      <Stack gap="sm">
        <CardDetailsFields
          value={value}
          onChange={(v) => {
            setValue(v);
            setErrors({});
          }}
          errors={errors}
          withNickname
          withExpiry={!gatewayExpiry}
          cardField={
            editing ? undefined : (
              <HostedCardFields
                ref={fields}
                onState={(state) => {
                  setCard(state);
                  setProblem(null);
                }}
              />
            )
          }
        />
        {editing ? null : (
          <Checkbox
            label="Make this my default card"
            checked={makeDefault}
            onChange={(e) => setMakeDefault(e.currentTarget.checked)}
          />
        )}
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {editing ? 'Save card' : 'Add card'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
