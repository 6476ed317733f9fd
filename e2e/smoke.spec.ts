import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolationsOnTimedScreen } from './support/a11y';

test('the landing page opens in Polish with the sign-in and registration tabs', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rejestracja' })).toBeVisible();
});

test('an unknown path shows the not-found page with a way home, and goes home by itself after 5 s', async ({
  page,
}) => {
  // The page goes home 5 s after it opens: its clock is held while axe reads it.
  await page.clock.install();
  await page.goto('/to-nie-istnieje');
  await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
  await expect(page.getByText('Za 5 sekund nastąpi przekierowanie na stronę główną.')).toBeVisible();
  await expectNoSeriousA11yViolationsOnTimedScreen(page, { label: 'not-found page' });
  await page.getByRole('link', { name: 'Wróć do strony głównej' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();

  // Left alone, the page goes home when its 5 s are up.
  await page.goto('/to-tez-nie-istnieje');
  await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
});

test('the dashboard sends a signed-out visitor to the landing page', async ({ page }) => {
  await page.goto('/dashboard/wallet');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
});

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the page links the web app manifest, its PNG icons, the apple-touch-icon and the dark theme-color; all are served', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const head = page.locator('head');
  await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b0b0f');
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    lang: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    lang: 'pl',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#0b0b0f',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
});
