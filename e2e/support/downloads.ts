// The CSV files the admin's export buttons download (src/lib/csv.ts): UTF-8 with a BOM, fields split
// by semicolons, lines ended by CRLF.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** Downloads what `trigger` starts, checks its file name, the BOM and the last CRLF; its lines. */
export async function csvLines(page: Page, trigger: () => Promise<void>, fileName: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1, -2).split('\r\n');
}

const pad = (part: number) => String(part).padStart(2, '0');

/** A day as the CSV writes it: the local "YYYY-MM-DD" (the browser runs on this machine). */
export const csvDay = (value: Date) => `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;

/** A moment as the CSV writes it: the local "YYYY-MM-DD HH:MM:SS". */
export const csvTime = (value: Date | string) => {
  const date = new Date(value);
  return `${csvDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};
