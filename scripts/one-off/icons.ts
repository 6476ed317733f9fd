// `npx tsx scripts/one-off/icons.ts`: the app's PNG icons (public/icons/) drawn from the favicon's design by
// headless Chromium (no image tool on the machine): 192 and 512 px for the web app manifest, a
// 512 px maskable one (the mark inside the middle 80 %, the dark background to the edges, so a
// launcher may cut any shape) and the 180 px apple-touch-icon. Run again after changing the mark.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from '../lib/root.ts';

const MARK = '<path d="M9 8h4v7l6-7h5l-7 8 7 8h-5l-6-7v7H9z" fill="#facc15"/>';
const svg = (maskable: boolean) =>
  maskable
    ? // The 32-unit mark scaled to 70 % around the centre: inside the maskable safe zone (80 %).
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b0b0f"/><g transform="translate(4.8 4.8) scale(0.7)">${MARK}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b0b0f"/>${MARK}</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS rounds the corners itself and shows transparency as black: full-bleed like the maskable one.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon.maskable).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await writeFile(path.join(ROOT, 'public/icons', icon.file), png);
    await page.close();
  }
} finally {
  await browser.close();
}
