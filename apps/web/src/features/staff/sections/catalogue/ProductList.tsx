import { Anchor } from '@mantine/core';
import type { StaffProduct } from '@mitrebox/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableQuery } from '../../components/DataTable.tsx';
import { useStaffMay } from '../../staff-api.ts';
import { loadProducts } from './catalogue-api.ts';
import { ProductEditor } from './ProductEditor.tsx';

const price = (v: string | null) => (v == null ? '—' : `$${v}`);
const qty = (v: string | undefined) => (v == null ? '0' : String(Number(v)));

export function ProductList() {
  const [locations, setLocations] = useState<{ code: string; name: string }[]>([]);
  const [editing, setEditing] = useState<StaffProduct | null>(null);
  const client = useQueryClient();
  // a role that reads the catalogue sees the prices, with no editor
  const mayChange = useStaffMay('catalogue', 'write');
  const load = async (q: DataTableQuery) => {
    const page = await loadProducts(q);
    if (page.locations.map((l) => l.code).join() !== locations.map((l) => l.code).join())
      setLocations(page.locations);
    return page;
  };
  return (
    <>
      <DataTable<StaffProduct>
        caption="Products with list prices and stock on hand"
        queryKey={['staff', 'products']}
        load={load}
        rowKey={(r) => r.code}
        searchLabel="Search code, name or description"
        initialSort={{ sort: 'code', dir: 'asc' }}
        columns={[
          {
            key: 'code',
            label: 'Code',
            sortable: true,
            render: (r) =>
              mayChange ? (
                <Anchor component="button" type="button" onClick={() => setEditing(r)}>
                  {r.code}
                </Anchor>
              ) : (
                r.code
              ),
          },
          { key: 'display_name', label: 'Name', sortable: true },
          { key: 'frame_type', label: 'Frame type', sortable: true },
          {
            key: 'length',
            label: 'Length',
            sortable: true,
            numeric: true,
            render: (r) => price(r.prices.length),
          },
          { key: 'chop', label: 'Chop', numeric: true, render: (r) => price(r.prices.chop) },
          { key: 'join_amt', label: 'Join', numeric: true, render: (r) => price(r.prices.join_amt) },
          ...locations.map((l) => ({
            key: `stock_${l.code}`,
            label: `Stock ${l.name}`,
            numeric: true,
            render: (r: StaffProduct) => qty(r.stock[l.code]),
          })),
        ]}
      />
      {editing && (
        <ProductEditor
          product={editing}
          locations={locations}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void client.invalidateQueries({ queryKey: ['staff', 'products'] });
          }}
        />
      )}
    </>
  );
}
