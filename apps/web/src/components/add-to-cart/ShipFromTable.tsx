import { Badge, Group, Radio, Table } from '@mantine/core';
import { formatCount } from '../../lib/format.ts';
import classes from './AddToCartDialog.module.css';
import type { StockRow } from './useSelectionForm.ts';

/** Ship from: one radio per warehouse with its stock on hand and available; the account's own is marked. */
export function ShipFromTable(props: {
  rows: StockRow[];
  location: string;
  accountLocation: string;
  moulding: boolean;
  onChange: (location: string) => void;
}) {
  const { rows, location, accountLocation, onChange } = props;
  return (
    <Radio.Group
      label="Ship from"
      description={props.moulding ? 'Stock in feet' : undefined}
      value={location}
      onChange={onChange}
      name="location"
    >
      <Table className={classes.stockTable} verticalSpacing={6} mt={4} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th ta="right">On hand</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.Loc}
              className={classes.stockRow}
              data-selected={row.Loc === location || undefined}
              onClick={() => row.Loc !== location && onChange(row.Loc)}
            >
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <Radio value={row.Loc} label={row.Name} color="walnut" />
                  {row.Loc === accountLocation ? (
                    <Badge
                      size="sm"
                      variant="outline"
                      color="walnut.8"
                      tt="none"
                      className={classes.ownBadge}
                    >
                      Yours
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td ta="right" className={classes.num}>
                {formatCount(row.Onhand)}
              </Table.Td>
              <Table.Td ta="right" className={classes.num}>
                {formatCount(row.available)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Radio.Group>
  );
}
