import { Alert, Button, Code, Stack, Text, Title } from '@mantine/core';
import type { ImportReport } from '@mitrebox/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CsvUpload, ImportReportAlert } from '../../components/CsvUpload.tsx';
import { useStaffMay } from '../../staff-api.ts';
import { downloadExport, importCsv } from './catalogue-api.ts';

/**
 * CSV import (check first, then import: all rows or none) and export. The format: docs/decisions/015 — the
 * export is a valid import file, so the usual way is export, edit, check, import.
 */
export function ImportExport() {
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | 'export' | null>(null);
  const client = useQueryClient();
  const mayImport = useStaffMay('catalogue', 'write');

  const run = async (dryRun: boolean, file: File) => {
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
      <section aria-labelledby="import-title" hidden={!mayImport}>
        <Title order={2} size="h3" id="import-title" mb="xs">
          Import products, prices and stock
        </Title>
        <Text size="sm" mb="sm">
          The first row names the columns; <Code>code</Code> is required. Columns you leave out stay as they
          are, so a price change can be just <Code>code,length,chop</Code>. Stock columns are{' '}
          <Code>stock_C</Code>, <Code>stock_B</Code>… (one per location). At most 100,000 rows per file. The
          whole file is imported or nothing is.
        </Text>
        <CsvUpload
          label="CSV file"
          checkLabel="Check (dry run)"
          width={360}
          busy={busy === 'check' || busy === 'import' ? busy : null}
          onRun={run}
          onFileChange={() => setReport(null)}
        />
      </section>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {report && (
        <ImportReportAlert
          message={report.message}
          errors={report.row_errors}
          applied={report.applied}
          caption="Errors by row and column"
        >
          {report.rows} rows: {report.created} new, {report.updated} changed, {report.unchanged} unchanged
          {report.dry_run ? ' (dry run: nothing saved)' : ''}.
        </ImportReportAlert>
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
