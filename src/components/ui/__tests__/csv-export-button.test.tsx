import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CsvExportButton } from '../csv-export-button';

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('CsvExportButton', () => {
  let createObjectURL: ReturnType<typeof vi.fn>;
  let clicked: string[];

  beforeEach(() => {
    clicked = [];
    createObjectURL = vi.fn(() => 'blob:csv');
    URL.createObjectURL = createObjectURL as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('shows the rows read while the export runs, then offers the file and is ready again', async () => {
    const file = deferred();
    let report: (rows: number) => void = () => {};
    render(
      <CsvExportButton
        fileName="przychod.csv"
        build={(onProgress) => {
          report = onProgress;
          return file.promise;
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Pobierz CSV' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Przygotowywanie pliku...');
    act(() => report(12000));
    expect(screen.getByRole('status')).toHaveTextContent(/^Przygotowywanie pliku\.\.\. wiersze: 12\s000$/);
    file.resolve('\uFEFFData\r\n');
    await vi.waitFor(() => expect(clicked).toEqual(['przychod.csv']));
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    // The bytes: UTF-8's BOM first (text() would drop it while decoding).
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('Data\r\n'),
    ]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(button).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the file could not be prepared, downloads nothing and can try again', async () => {
    const build = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce('x');
    render(<CsvExportButton fileName="platnosci.csv" build={build} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się przygotować pliku CSV');
    expect(clicked).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await vi.waitFor(() => expect(clicked).toEqual(['platnosci.csv']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is disabled while there is nothing to export', () => {
    render(<CsvExportButton fileName="x.csv" build={async () => ''} disabled />);
    expect(screen.getByRole('button', { name: 'Pobierz CSV' })).toBeDisabled();
  });
});
