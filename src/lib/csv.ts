/**
 * CSV files for Polish spreadsheets (member history, admin exports): UTF-8 with a BOM so Excel reads
 * Polish letters, `;` between cells (the comma is the decimal separator in Poland), CRLF between
 * rows. Text cells that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) are neutralised with a leading apostrophe; numbers are written with a decimal
 * comma and are never neutralised, so a debit stays a number.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

export const CSV_BOM = '\uFEFF';

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(';'));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Reads every page of a list (`fetchPage(offset, limit)`) until a short page, so a large export is
 * many small requests rather than one that times out.
 */
export async function collectPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<readonly T[]>,
  pageSize = 1000,
): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await fetchPage(offset, pageSize);
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}

/** Offers the text as a file download (a Blob URL, released right after the click). */
export function downloadCsv(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
