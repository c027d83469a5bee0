import type { OrderListRow } from '@mitrebox/api-contract';
import { describe, expect, it } from 'vitest';
import {
  cleanNumber,
  defaultFilters,
  defaultState,
  isIsoDay,
  lastSixMonths,
  nextSort,
  ordersListTitle,
  ordersView,
  ordersViewOfPath,
  payable,
  rangeText,
  readListState,
  selectionSummary,
  toOrderListRequest,
  writeListState,
} from './order-filters.ts';

const today = new Date(2026, 10, 21); // 21 Nov 2026, local

function row(over: Partial<OrderListRow>): OrderListRow {
  return {
    Ordnum: 644565,
    Acctnum: '10001',
    InvoiceNumbers: '321401',
    invoices: [321401],
    location: { Loc: 'C', Name: 'New Orleans' },
    OrderInvTotal: '1361.00',
    InvoiceInvTotal: '1361.00',
    invamt: '1361.00',
    payamt: '0.00',
    balance: '1361.00',
    paystatus: 0,
    batchStatus: null,
    shipvia: 'OUR TRUCK',
    CustPo: null,
    synced: 1,
    OrdDate: '2026-11-09T18:20:00.000Z',
    InvDate: '2026-11-10T18:28:00.000Z',
    ...over,
  };
}

describe('views', () => {
  it('reads searchx in any case; anything else is Orders Invoiced', () => {
    expect(ordersView(undefined)).toBe('invoiced');
    expect(ordersView('Pending')).toBe('pending');
    expect(ordersView('payments')).toBe('payments');
    expect(ordersView('other')).toBe('invoiced');
    expect(ordersListTitle('pending')).toBe('Orders Pending');
    expect(ordersListTitle(undefined)).toBe('Orders Invoiced');
  });

  it('reads the view from a path alone, for the first-data prefetch (ADR 013)', () => {
    expect(ordersViewOfPath('/Admin/userListOrders')).toBe('invoiced');
    expect(ordersViewOfPath('/admin/userlistorders/Pending')).toBe('pending');
    expect(ordersViewOfPath('/Admin/userListOrders/payments/')).toBe('payments');
    expect(ordersViewOfPath('/userListOrders')).toBe('invoiced');
    expect(ordersViewOfPath('/Admin/userListOrders/other')).toBe('invoiced');
  });

  it('gives Orders Invoiced the last 6 months of invoices, Pending status 9, Payments the unpaid', () => {
    expect(defaultFilters('invoiced', today)).toMatchObject({
      invDateFrom: '2026-05-21',
      invDateTo: '2026-11-21',
      paystatus: '',
    });
    expect(defaultFilters('pending', today)).toMatchObject({
      invDateFrom: '',
      invDateTo: '',
      paystatus: '9',
    });
    expect(defaultFilters('payments', today)).toMatchObject({ invDateFrom: '', paystatus: '0' });
  });
});

describe('lastSixMonths', () => {
  it('goes back six calendar months to today', () => {
    expect(lastSixMonths(new Date(2026, 10, 21))).toEqual({ from: '2026-05-21', to: '2026-11-21' });
    expect(lastSixMonths(new Date(2026, 2, 15))).toEqual({ from: '2025-09-15', to: '2026-03-15' });
  });

  it('lands on the last day of a shorter month', () => {
    expect(lastSixMonths(new Date(2026, 7, 31)).from).toBe('2026-02-28');
    expect(lastSixMonths(new Date(2028, 7, 31)).from).toBe('2028-02-29');
    expect(lastSixMonths(new Date(2026, 11, 31)).from).toBe('2026-06-30');
  });
});

describe('URL ⇄ state', () => {
  it('a bare URL is the view’s defaults, and the defaults write a bare URL', () => {
    for (const view of ['invoiced', 'pending', 'payments'] as const) {
      const state = readListState(view, new URLSearchParams(), today);
      expect(state).toEqual(defaultState(view, today));
      expect(writeListState(view, state, today).toString()).toBe('');
    }
  });

  it('round-trips every field', () => {
    const state = {
      ...defaultState('invoiced', today),
      invDateFrom: '2026-01-01',
      invDateTo: '',
      ordDateFrom: '2025-12-01',
      ordDateTo: '2026-02-28',
      paystatus: '1' as const,
      orderNumber: '644565',
      sort: 'InvoiceInvTotal' as const,
      dir: 'asc' as const,
      page: 3,
      perPage: 100 as const,
    };
    const params = writeListState('invoiced', state, today);
    expect(params.get('invTo')).toBe('');
    expect(readListState('invoiced', new URLSearchParams(params.toString()), today)).toEqual(state);
  });

  it('keeps a cleared default date as cleared', () => {
    const params = new URLSearchParams('invFrom=&invTo=');
    const state = readListState('invoiced', params, today);
    expect(state.invDateFrom).toBe('');
    expect(state.invDateTo).toBe('');
  });

  it('ignores malformed values', () => {
    const params = new URLSearchParams(
      'invFrom=2026-02-30&status=7&inv=12a&ord=-4&sort=password&dir=up&page=0&per=30',
    );
    expect(readListState('invoiced', params, today)).toEqual(defaultState('invoiced', today));
  });

  it('checks calendar days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
  });
});

describe('the request', () => {
  it('sends the filters, sort and paging', () => {
    expect(toOrderListRequest(defaultState('invoiced', today))).toEqual({
      page: 1,
      perPage: 25,
      orderCol: 'OrdDate',
      orderDir: 'desc',
      invDateFrom: '2026-05-21',
      invDateTo: '2026-11-21',
      ordDateFrom: '',
      ordDateTo: '',
      paystatus: '',
    });
    expect(toOrderListRequest(defaultState('pending', today)).paystatus).toBe('9');
  });

  it('leaves the invoice dates out for Pending: pending orders have no invoice', () => {
    const request = toOrderListRequest({ ...defaultState('invoiced', today), paystatus: '9' });
    expect(request).toMatchObject({ paystatus: '9', invDateFrom: '', invDateTo: '' });
  });

  it('sends only the invoice number when one is entered, else only the order number', () => {
    const base = defaultState('invoiced', today);
    expect(toOrderListRequest({ ...base, invoiceNumber: '321401', orderNumber: '644565' })).toEqual({
      page: 1,
      perPage: 25,
      orderCol: 'OrdDate',
      orderDir: 'desc',
      Invoicenum: '321401',
    });
    expect(toOrderListRequest({ ...base, orderNumber: '644565' })).toEqual({
      page: 1,
      perPage: 25,
      orderCol: 'OrdDate',
      orderDir: 'desc',
      Ordernum: '644565',
    });
  });
});

describe('sorting, selection and range', () => {
  it('flips the direction of the current column; a new column starts descending (text ascending)', () => {
    expect(nextSort({ sort: 'OrdDate', dir: 'desc' }, 'OrdDate')).toEqual({ sort: 'OrdDate', dir: 'asc' });
    expect(nextSort({ sort: 'OrdDate', dir: 'asc' }, 'OrdDate')).toEqual({ sort: 'OrdDate', dir: 'desc' });
    expect(nextSort({ sort: 'OrdDate', dir: 'desc' }, 'payamt')).toEqual({ sort: 'payamt', dir: 'desc' });
    expect(nextSort({ sort: 'OrdDate', dir: 'desc' }, 'location')).toEqual({ sort: 'location', dir: 'asc' });
  });

  it('only unpaid rows with an amount and invoice numbers are payable', () => {
    expect(payable(row({}))).toBe(true);
    expect(payable(row({ paystatus: 1 }))).toBe(false);
    expect(payable(row({ paystatus: 3 }))).toBe(false);
    expect(payable(row({ invoices: [], InvoiceNumbers: '' }))).toBe(false);
    expect(payable(row({ invamt: '0.00' }))).toBe(false);
    expect(payable(row({ paystatus: null, invamt: null, invoices: [] }))).toBe(false);
  });

  it('sums the balances due exactly', () => {
    expect(selectionSummary([row({ balance: '0.10' }), row({ balance: '0.20' })])).toEqual({
      count: 2,
      total: '0.30',
    });
    expect(selectionSummary([row({ balance: null, invamt: '12.5' })]).total).toBe('12.50');
    expect(selectionSummary([])).toEqual({ count: 0, total: '0.00' });
  });

  it('tells the rows shown', () => {
    expect(rangeText(1, 25, 65)).toBe('Showing 1–25 of 65');
    expect(rangeText(3, 25, 65)).toBe('Showing 51–65 of 65');
    expect(rangeText(1, 25, 0)).toBe('No orders');
  });
});

describe('order and invoice numbers from a link', () => {
  it('drops a number the server could not look up, instead of sending it', () => {
    expect(cleanNumber('321401')).toBe('321401');
    expect(cleanNumber('9999999999')).toBe('');
    expect(cleanNumber('12a')).toBe('');
    expect(cleanNumber('0')).toBe('');
  });
});
