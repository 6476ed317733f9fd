import { useState } from 'react';
import { t } from '@/i18n/csv';
import { downloadCsv } from '@/lib/csv';
import { formatInteger } from '@/lib/format';
import { Button } from './button';

type ExportState = { kind: 'idle' } | { kind: 'pending'; rows: number } | { kind: 'failed' };

/**
 * 'Pobierz CSV' for every export (the member's history and the admin lists): `build` reads the data
 * page by page, reporting the rows read so far, and returns the file's text. While it runs the
 * button is busy and a polite status counts the rows ("Przygotowywanie pliku... wiersze: 3 000"),
 * so a long export shows progress; a failure says so under the button and leaves the page as it was.
 */
export function CsvExportButton({
  fileName,
  build,
  disabled = false,
}: {
  fileName: string;
  build: (onProgress: (rows: number) => void) => Promise<string>;
  disabled?: boolean;
}) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const pending = state.kind === 'pending';

  const run = async () => {
    setState({ kind: 'pending', rows: 0 });
    try {
      const content = await build((rows) => setState({ kind: 'pending', rows }));
      downloadCsv(fileName, content);
      setState({ kind: 'idle' });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        onClick={() => void run()}
        disabled={disabled || pending}
        aria-busy={pending || undefined}
      >
        {t('csv.download')}
      </Button>
      {state.kind === 'pending' ? (
        <p role="status" className="text-xs text-ink-muted">
          {state.rows > 0 ? t('csv.progress', { rows: formatInteger(state.rows) }) : t('csv.pending')}
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p role="alert" className="text-xs text-danger">
          {t('csv.failed')}
        </p>
      ) : null}
    </div>
  );
}
