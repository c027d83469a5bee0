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
import { LOCATIONS, TERMS } from '@mitrebox/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api.ts';
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

/** /staff/accounts/new: a new account with its login (the customer signs in with the account number). */
export function NewAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Record<string, string>>({});
  const [terms, setTerms] = useState<string>('Net 30');
  const [location, setLocation] = useState<string>('C');
  const [password, setPassword] = useState('');
  const [firstLogin, setFirstLogin] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const account = await accountsApi.create({
        acctnum: form.acctnum ?? '',
        company: form.company ?? '',
        contact: form.contact ?? '',
        email: form.email ?? '',
        phone: form.phone,
        address1: form.address1,
        city: form.city,
        state: form.state,
        zip: form.zip,
        terms: terms as (typeof TERMS)[number],
        location: location as (typeof LOCATIONS)[number],
        password,
        firstLogin,
      });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] });
      navigate(`/staff/accounts/${account.acctnum}`, { state: { created: true } });
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        setErrors(err.errors ?? {});
      } else setError('Something went wrong on our side. Please try again.');
    } finally {
      setBusy(false);
    }
  };

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
                required={['acctnum', 'company', 'contact', 'email'].includes(key)}
                type={key === 'email' ? 'email' : 'text'}
                inputMode={key === 'acctnum' ? 'numeric' : undefined}
                value={form[key] ?? ''}
                onChange={(ev) => {
                  const value = ev.currentTarget.value;
                  setForm((f) => ({ ...f, [key]: value }));
                }}
                error={errors[key]}
              />
            ))}
            <Select
              label="Terms"
              data={[...TERMS]}
              value={terms}
              onChange={(v) => setTerms(v ?? 'Net 30')}
              allowDeselect={false}
            />
            <Select
              label="Default location"
              data={[...LOCATIONS]}
              value={location}
              onChange={(v) => setLocation(v ?? 'C')}
              allowDeselect={false}
            />
            <PasswordInput
              label="First password"
              description="Tell it to the customer."
              required
              autoComplete="new-password"
              value={password}
              onChange={(ev) => setPassword(ev.currentTarget.value)}
              error={errors.password}
            />
          </SimpleGrid>
          <Checkbox
            label="At the first sign-in the customer confirms the e-mail address and chooses their own password"
            checked={firstLogin}
            onChange={(ev) => setFirstLogin(ev.currentTarget.checked)}
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
