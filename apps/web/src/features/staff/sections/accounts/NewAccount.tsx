import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOCATIONS, StaffAccountCreate, TERMS } from '@mitrebox/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { firstError, requestRules, showRefusal } from '../../../../lib/form-schema.ts';
import { accountsApi } from './accounts-api.ts';

const FIELDS = [
  ['acctnum', 'Account number'],
  ['company', 'Company'],
  ['contact', 'Contact person'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['address1', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
] as const;

const REQUIRED: readonly string[] = ['acctnum', 'company', 'contact', 'email'];

type NewAccountValues = Record<(typeof FIELDS)[number][0], string> & {
  terms: (typeof TERMS)[number];
  location: (typeof LOCATIONS)[number];
  password: string;
  firstLogin: boolean;
};

/** The request: an optional field left empty is not sent. */
const toRequest = (v: NewAccountValues): StaffAccountCreate => ({
  ...v,
  phone: v.phone || undefined,
  address1: v.address1 || undefined,
  city: v.city || undefined,
  state: v.state || undefined,
  zip: v.zip || undefined,
});

/** /staff/accounts/new: a new account with its login (the customer signs in with the account number). */
export function NewAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<NewAccountValues>({
    initialValues: {
      ...(Object.fromEntries(FIELDS.map(([key]) => [key, ''])) as Record<(typeof FIELDS)[number][0], string>),
      terms: 'Net 30',
      location: 'C',
      password: '',
      firstLogin: true,
    },
    // the server's refusals stay on their fields until the next try
    clearInputErrorOnChange: false,
    validate: requestRules(StaffAccountCreate, toRequest),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(
    async (values) => {
      setBusy(true);
      setError(null);
      try {
        const account = await accountsApi.create(toRequest(values));
        await queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] });
        navigate(`/staff/accounts/${account.acctnum}`, { state: { created: true } });
      } catch (err) {
        showRefusal(err, form, setError);
      } finally {
        setBusy(false);
      }
    },
    // a refusal found before sending reads as the server's would: its first message above, each on its field
    (errors) => setError(firstError(errors) ?? null),
  );

  return (
    <>
      <Title order={1} mb="md">
        New account
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack maw={720}>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                required={REQUIRED.includes(key)}
                type={key === 'email' ? 'email' : 'text'}
                inputMode={key === 'acctnum' ? 'numeric' : undefined}
                {...form.getInputProps(key)}
              />
            ))}
            <Select
              label="Terms"
              data={[...TERMS]}
              {...form.getInputProps('terms', { withError: false })}
              allowDeselect={false}
            />
            <Select
              label="Default location"
              data={[...LOCATIONS]}
              {...form.getInputProps('location', { withError: false })}
              allowDeselect={false}
            />
            <PasswordInput
              label="First password"
              description="Tell it to the customer."
              required
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
          <Checkbox
            label="At the first sign-in the customer confirms the e-mail address and chooses their own password"
            {...form.getInputProps('firstLogin', { type: 'checkbox', withError: false })}
          />
          <Group>
            <Button type="submit" loading={busy}>
              Create the account
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
