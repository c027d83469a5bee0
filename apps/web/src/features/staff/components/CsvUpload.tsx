import { Alert, Button, FileInput, Group, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A CSV file to check (nothing saved) or import (all rows or none). `onRun` does the work; the buttons show
 * which of the two is under way. Choosing another file calls `onFileChange` (to drop the last report).
 */
export function CsvUpload(props: {
  label: string;
  checkLabel: string;
  width: number;
  busy: 'check' | 'import' | null;
  onRun: (dryRun: boolean, file: File) => void;
  onFileChange: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <Group align="end">
      <FileInput
        label={props.label}
        accept=".csv,text/csv"
        value={file}
        onChange={(f) => {
          setFile(f);
          props.onFileChange();
        }}
        w={props.width}
        clearable
      />
      <Button
        variant="default"
        disabled={!file}
        loading={props.busy === 'check'}
        onClick={() => file && props.onRun(true, file)}
      >
        {props.checkLabel}
      </Button>
      <Button
        disabled={!file}
        loading={props.busy === 'import'}
        onClick={() => file && props.onRun(false, file)}
      >
        Import
      </Button>
    </Group>
  );
}

export interface RowError {
  row: number;
  column: string | null;
  message: string;
}

/**
 * The report of an import or a check: its message, what it counted (children) and its errors by row and
 * column. Red when there are errors, green when it saved, blue for a check.
 */
export function ImportReportAlert(props: {
  message: string;
  errors: RowError[];
  applied: boolean;
  caption: string;
  children?: ReactNode;
}) {
  return (
    <Alert
      color={props.errors.length > 0 ? 'red' : props.applied ? 'green' : 'blue'}
      role="status"
      title={props.message}
    >
      {props.children && <Text size="sm">{props.children}</Text>}
      {props.errors.length > 0 && (
        <Table mt="sm" striped>
          <caption>{props.caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.errors.map((e) => (
              <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.column ?? '—'}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Alert>
  );
}
