import { Alert, Button, Code, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportReport } from '@mitrebox/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadExport, importCsv } from './catalogue-api.ts';

/**
 * CSV import (check first, then import: all rows or none) and export. The format: docs/decisions/015 — the
 * export is a valid import file, so the usual way is export, edit, check, import.
 */
export function ImportExport() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | 'export' | null>(null);
  const client = useQueryClient();

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    setError(null);
    try {
      const r = await importCsv(await file.text(), { dryRun, file: file.name });
      setReport(r);
      if (r.applied) void client.invalidateQueries({ queryKey: ['staff', 'products'] });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <section aria-labelledby="import-title">
        <Title order={2} size="h3" id="import-title" mb="xs">
          Import products, prices and stock
        </Title>
        <Text size="sm" mb="sm">
          The first row names the columns; <Code>code</Code> is required. Columns you leave out stay as they
          are, so a price change can be just <Code>code,length,chop</Code>. Stock columns are{' '}
          <Code>stock_C</Code>, <Code>stock_B</Code>… (one per location). At most 100,000 rows per file. The
          whole file is imported or nothing is.
        </Text>
        <Group align="end">
          <FileInput
            label="CSV file"
            accept=".csv,text/csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              setReport(null);
            }}
            w={360}
            clearable
          />
          <Button variant="default" disabled={!file} loading={busy === 'check'} onClick={() => run(true)}>
            Check (dry run)
          </Button>
          <Button disabled={!file} loading={busy === 'import'} onClick={() => run(false)}>
            Import
          </Button>
        </Group>
      </section>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {report && (
        <Alert
          color={report.error_count > 0 ? 'red' : report.applied ? 'green' : 'blue'}
          role="status"
          title={report.message}
        >
          <Text size="sm">
            {report.rows} rows: {report.created} new, {report.updated} changed, {report.unchanged} unchanged
            {report.dry_run ? ' (dry run: nothing saved)' : ''}.
          </Text>
          {report.row_errors.length > 0 && (
            <Table mt="sm" striped>
              <caption>Errors by row and column</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.row_errors.map((e) => (
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
      )}
      <section aria-labelledby="export-title">
        <Title order={2} size="h3" id="export-title" mb="xs">
          Export
        </Title>
        <Text size="sm" mb="sm">
          Every product with every price column and stock per location, in the import format. Cells a
          spreadsheet would run as a formula start with an apostrophe.
        </Text>
        <Button
          variant="default"
          loading={busy === 'export'}
          onClick={async () => {
            setBusy('export');
            setError(null);
            try {
              await downloadExport();
            } catch (err) {
              setError((err as Error).message);
            } finally {
              setBusy(null);
            }
          }}
        >
          Download products CSV
        </Button>
      </section>
    </Stack>
  );
}
