import '@mantine/dates/styles.layer.css';
import { Badge, Button, Collapse, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { documentNumberProblem, ORDER_STATUS_FILTERS } from '@mitrebox/domain';
import { IconAdjustmentsHorizontal, IconCalendar, IconRotate, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { useWidthQuery } from '../../lib/viewport.ts';
import classes from './OrdersListPage.module.css';
import { isPendingFilter, numberSearch, type OrderFilters, type StatusFilter } from './order-filters.ts';

/** A phone's width (the first render in the browser measures it; the server's guesses it: lib/viewport.ts). */
const PHONE = '(max-width: 47.99em)';

const STATUS_OPTIONS = ORDER_STATUS_FILTERS.map((f) => ({
  value: f.value,
  label: f.label === '' ? 'Any status' : f.label,
}));

/** The typed number boxes and their labels (one label for the box and its message). */
const NUMBER_FIELDS = [
  { key: 'invoiceNumber', label: 'Invoice number', placeholder: 'e.g. 321401' },
  { key: 'orderNumber', label: 'Order number', placeholder: 'e.g. 644565' },
] as const;

/** How many filters are set (for the phone's collapsed panel). */
function activeCount(f: OrderFilters): number {
  return [
    f.invDateFrom,
    f.invDateTo,
    f.ordDateFrom,
    f.ordDateTo,
    f.paystatus,
    f.invoiceNumber,
    f.orderNumber,
  ].filter(Boolean).length;
}

/**
 * The orders list's filters (account-area §2, §5): invoice and order date ranges, status, invoice and order
 * number. A draft until Search (or Enter in any box) applies it; Reset returns to the view's defaults.
 * The page remounts this form when the applied filters change (Back, Reset), so it always starts from them.
 */
export function OrderFiltersForm({
  applied,
  onSearch,
  onReset,
}: {
  applied: OrderFilters;
  onSearch: (filters: OrderFilters) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<OrderFilters>(applied);
  const isPhone = useWidthQuery(PHONE);
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const panelId = useId();
  const set = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const [numberErrors, setNumberErrors] = useState<Partial<Record<'invoiceNumber' | 'orderNumber', string>>>(
    {},
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a number that cannot be found is refused here, in plain words, before anything is sent
    const problems: typeof numberErrors = {};
    for (const f of NUMBER_FIELDS) {
      const problem = documentNumberProblem(draft[f.key], f.label);
      if (problem) problems[f.key] = problem;
    }
    setNumberErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onSearch({ ...draft, invoiceNumber: draft.invoiceNumber.trim(), orderNumber: draft.orderNumber.trim() });
    if (isPhone) setOpenOnPhone(false);
  };
  const byNumber = numberSearch({
    invoiceNumber: documentNumberProblem(draft.invoiceNumber, '') ? '' : draft.invoiceNumber.trim(),
    orderNumber: documentNumberProblem(draft.orderNumber, '') ? '' : draft.orderNumber.trim(),
  });
  const count = activeCount(applied);
  const open = !isPhone || openOnPhone;
  // Collapsed on a phone, the form (four date pickers and a select, each with its popover) is built when it is
  // first opened, not with the list (ADR 013).
  const built = useOpenedOnce(open);

  return (
    <Paper className={classes.filters} p={{ base: 'sm', sm: 'md' }} radius="md">
      {isPhone ? (
        <PhoneToggle
          count={count}
          open={openOnPhone}
          panelId={panelId}
          onToggle={() => setOpenOnPhone((o) => !o)}
        />
      ) : null}
      <Collapse expanded={open} id={panelId}>
        {built ? (
          <form onSubmit={submit} aria-label="Order filters" className={classes.filterForm}>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
              <DateFields draft={draft} set={set} />
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                value={draft.paystatus}
                onChange={(v) => set('paystatus', (v ?? '') as StatusFilter)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              {NUMBER_FIELDS.map((f) => (
                <TextInput
                  key={f.key}
                  label={f.label}
                  placeholder={f.placeholder}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={20}
                  value={draft[f.key]}
                  error={numberErrors[f.key]}
                  onChange={(e) => {
                    set(f.key, e.currentTarget.value);
                    if (numberErrors[f.key]) setNumberErrors((n) => ({ ...n, [f.key]: undefined }));
                  }}
                  size="sm"
                />
              ))}
              <Group gap="xs" align="flex-end" wrap="nowrap" className={classes.filterButtons}>
                <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} flex={1}>
                  Search
                </Button>
                <Button
                  type="button"
                  variant="default"
                  leftSection={<IconRotate size={16} aria-hidden />}
                  onClick={onReset}
                  flex={1}
                >
                  Reset
                </Button>
              </Group>
            </SimpleGrid>
            {!byNumber && isPendingFilter(draft.paystatus) && (draft.invDateFrom || draft.invDateTo) ? (
              <Text size="sm" c="dimmed" mt="sm" role="note">
                Pending orders have no invoice yet — the invoice dates are not applied.
              </Text>
            ) : null}
            {byNumber ? (
              <Text size="sm" c="dimmed" mt="sm" role="note">
                {byNumber.kind === 'invoice'
                  ? `Searching by invoice number ${byNumber.value} only`
                  : `Searching by order number ${byNumber.value} only`}
                {' — the dates and status are not applied.'}
              </Text>
            ) : null}
          </form>
        ) : null}
      </Collapse>
    </Paper>
  );
}

type SetFilter = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) => void;

/** The invoice and order date ranges: from and to, each bounding the other. */
function DateFields({ draft, set }: { draft: OrderFilters; set: SetFilter }) {
  return (
    <>
      <DatePickerInput
        label="Invoice date from"
        placeholder="Any"
        valueFormat="MM/DD/YYYY"
        clearable
        value={draft.invDateFrom || null}
        maxDate={draft.invDateTo || undefined}
        onChange={(v) => set('invDateFrom', v ?? '')}
        leftSection={<IconCalendar size={16} aria-hidden />}
        popoverProps={{ withinPortal: true }}
      />
      <DatePickerInput
        label="Invoice date to"
        placeholder="Any"
        valueFormat="MM/DD/YYYY"
        clearable
        value={draft.invDateTo || null}
        minDate={draft.invDateFrom || undefined}
        onChange={(v) => set('invDateTo', v ?? '')}
        leftSection={<IconCalendar size={16} aria-hidden />}
      />
      <DatePickerInput
        label="Order date from"
        placeholder="Any"
        valueFormat="MM/DD/YYYY"
        clearable
        value={draft.ordDateFrom || null}
        maxDate={draft.ordDateTo || undefined}
        onChange={(v) => set('ordDateFrom', v ?? '')}
        leftSection={<IconCalendar size={16} aria-hidden />}
      />
      <DatePickerInput
        label="Order date to"
        placeholder="Any"
        valueFormat="MM/DD/YYYY"
        clearable
        value={draft.ordDateTo || null}
        minDate={draft.ordDateFrom || undefined}
        onChange={(v) => set('ordDateTo', v ?? '')}
        leftSection={<IconCalendar size={16} aria-hidden />}
      />
    </>
  );
}

/** On a phone the filters fold away behind one button, which counts the filters set. */
function PhoneToggle({
  count,
  open,
  panelId,
  onToggle,
}: {
  count: number;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="subtle"
      fullWidth
      justify="space-between"
      leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" variant="filled" color="walnut.7" aria-label={`${count} filters set`}>
            {count}
          </Badge>
        ) : null
      }
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      {open ? 'Hide filters' : 'Filters'}
    </Button>
  );
}
