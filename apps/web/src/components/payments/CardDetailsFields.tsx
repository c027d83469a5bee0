import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { EXPIRY_MONTHS, expiryYears, US_STATES } from '@mitrebox/domain';

export interface CardDetails {
  name: string;
  billing_name: string;
  billing_address: string;
  billing_city: string;
  billing_state: string;
  billing_postal: string;
  expmonth: string;
  expyear: string;
}

export const EMPTY_CARD_DETAILS: CardDetails = {
  name: '',
  billing_name: '',
  billing_address: '',
  billing_city: '',
  billing_state: '',
  billing_postal: '',
  expmonth: '',
  expyear: '',
};

// native selects: the phone's own picker, and keyboard type-ahead on a desktop
const choose = { value: '', label: 'Choose…', disabled: true };
const STATE_OPTIONS = [choose, ...US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))];
const MONTH_OPTIONS = [
  choose,
  ...EXPIRY_MONTHS.map((m) => ({ value: String(m), label: String(m).padStart(2, '0') })),
];

/**
 * The billing address and expiry of a card (account-area §2): billing name, address, city, state (US states),
 * postal code, expiry month 1–12 and year from this year through ten years ahead. The number and CVV are in
 * the hosted field, never here.
 */
export function CardDetailsFields({
  value,
  onChange,
  errors = {},
  withNickname = false,
  cardField,
  withExpiry = true,
}: {
  value: CardDetails;
  onChange: (next: CardDetails) => void;
  errors?: Partial<Record<keyof CardDetails, string>>;
  withNickname?: boolean;
  /** The hosted card-number and CVV field, placed after the address. */
  cardField?: React.ReactNode;
  /** false when the gateway's hosted fields hold the expiry (Braintree). */
  withExpiry?: boolean;
}) {
  const set = (key: keyof CardDetails) => (v: string | null) => onChange({ ...value, [key]: v ?? '' });
  const text = (key: keyof CardDetails, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      value={value[key]}
      onChange={(e) => set(key)(e.currentTarget.value)}
      error={errors[key]}
      autoComplete={autoComplete}
      withAsterisk
    />
  );
  return (
    <>
      {withNickname ? text('name', 'Nickname', 'off') : null}
      {text('billing_name', 'Name on card', 'cc-name')}
      {text('billing_address', 'Billing address', 'billing street-address')}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {text('billing_city', 'City', 'billing address-level2')}
        <NativeSelect
          label="State"
          data={STATE_OPTIONS}
          value={value.billing_state}
          onChange={(e) => set('billing_state')(e.currentTarget.value)}
          error={errors.billing_state}
          withAsterisk
          autoComplete="billing address-level1"
        />
        {text('billing_postal', 'Postal code', 'billing postal-code')}
      </SimpleGrid>
      {cardField}
      {withExpiry ? (
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label="Expiry month"
            data={MONTH_OPTIONS}
            value={value.expmonth}
            onChange={(e) => set('expmonth')(e.currentTarget.value)}
            error={errors.expmonth}
            withAsterisk
            autoComplete="cc-exp-month"
          />
          <NativeSelect
            label="Expiry year"
            data={[choose, ...expiryYears().map(String)]}
            value={value.expyear}
            onChange={(e) => set('expyear')(e.currentTarget.value)}
            error={errors.expyear}
            withAsterisk
            autoComplete="cc-exp-year"
          />
        </SimpleGrid>
      ) : null}
    </>
  );
}
