import { DataTable } from '../../components/DataTable.tsx';
import { type CollectionRow, loadCollections } from './catalogue-api.ts';

export function CollectionList() {
  return (
    <DataTable<CollectionRow>
      caption="Collections"
      queryKey={['staff', 'collections']}
      load={loadCollections}
      rowKey={(r) => r.id}
      searchLabel="Search collections"
      initialSort={{ sort: 'name', dir: 'asc' }}
      columns={[
        { key: 'id', label: 'Id', sortable: true, numeric: true },
        { key: 'name', label: 'Name', sortable: true },
        { key: 'description', label: 'Description', render: (r) => r.description ?? '—' },
        { key: 'products', label: 'Products', sortable: true, numeric: true },
      ]}
    />
  );
}
