import { Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { CollectionList } from './CollectionList.tsx';
import { ImportExport } from './ImportExport.tsx';
import { ProductList } from './ProductList.tsx';

/** /staff/catalogue: products (prices, stock), collections, CSV import and export. */
export default function CatalogueSection() {
  const [tab, setTab] = useState<string | null>('products');
  return (
    <>
      <Title order={1} mb="md">
        Catalogue
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="collections">Collections</Tabs.Tab>
          <Tabs.Tab value="import">CSV import and export</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products">
          <ProductList />
        </Tabs.Panel>
        <Tabs.Panel value="collections">
          <CollectionList />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ImportExport />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
