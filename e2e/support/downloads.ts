// The CSV files the admin's export buttons download (src/lib/csv.ts): UTF-8 with a BOM, every field
// quoted, fields split by semicolons, lines ended by CRLF.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** A line's cells: each quoted ("…", inner quotes doubled), joined by semicolons; null if not so. */
function unquotedCells(line: string): string[] | null {
  const cells = line.match(/"(?:[^"]|"")*"/g);
  if (!cells || cells.join(';') !== line) return null;
  return cells.map((cell) => cell.slice(1, -1).replaceAll('""', '"'));
}

/**
 * Downloads what `trigger` starts, checks its file name, the BOM, the last CRLF and that every cell is
 * quoted; its lines with the cells unquoted, joined by semicolons (as the specs write them).
 */
export async function csvLines(page: Page, trigger: () => Promise<void>, fileName: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(1, -2)
    .split('\r\n')
    .map((line) => {
      const cells = unquotedCells(line);
      expect(cells, `every cell quoted: ${line}`).not.toBeNull();
      return cells!.join(';');
    });
}

const pad = (part: number) => String(part).padStart(2, '0');

/** A day as the CSV writes it: the local "YYYY-MM-DD" (the browser runs on this machine). */
export const csvDay = (value: Date) => `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;

/** A moment as the CSV writes it: the local "YYYY-MM-DD HH:MM:SS". */
export const csvTime = (value: Date | string) => {
  const date = new Date(value);
  return `${csvDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};
