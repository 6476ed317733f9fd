// The production headers (deploy/security-headers.ts) do not break the app: `vite preview`, which the
// E2E suite runs against, serves them; this journey signs in, opens the dashboard, uploads an avatar
// and receives a live notification through Realtime, and no Content-Security-Policy violation is
// reported (the browser's securitypolicyviolation events and console errors).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from '../scripts/lib/root.ts';
import { IMMUTABLE_ASSETS_CACHE } from '../deploy/security-headers.ts';
import { E2E_DIST } from '../scripts/lib/e2e-app.ts';
import { sendNotification } from './support/dashboard-data';
import { createMember } from './support/factories';
import { pngImage } from './support/images';
import { signIn } from './support/session';

/** Collects every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

test('sign-in, dashboard, avatar upload and a live notification under the production CSP', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const member = await createMember({ label: 'csp' });

  const document = await page.goto('/');
  const headers = document!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self' https://hcaptcha.com");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['permissions-policy']).toContain('camera=()');

  await signIn(page, member);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  await page.goto('/dashboard/settings');
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'zdjecie.png',
    mimeType: 'image/png',
    buffer: pngImage(400, 400),
  });
  const crop = page.getByRole('dialog', { name: 'Przytnij avatar' });
  await crop.getByRole('button', { name: 'Zapisz avatar' }).click();
  await expect(page.getByText('Avatar został zmieniony')).toBeVisible();
  const avatar = page.getByRole('img', { name: `Avatar użytkownika ${member.name}` });
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(400);

  const bell = page.getByRole('banner').getByRole('button', { name: /^Powiadomienia/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Powiadomienia' });
  const title = `Zysk CSP ${Date.now()}`;
  await sendNotification(member.email, { type: 'system', title, content: 'Wiadomość przez Realtime.' });
  await expect(panel.getByRole('listitem').first()).toContainText(title, { timeout: 5_000 });

  expect(violations).toEqual([]);
});

test('the hashed scripts and styles come gzipped, cached for a year, with the production headers', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const files = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"]')].map(
      (element) => new URL(element instanceof HTMLScriptElement ? element.src : element.href).pathname,
    ),
  );
  expect(files.filter((file) => /^\/assets\/.+\.(js|css)$/.test(file))).toHaveLength(2);
  for (const file of files) {
    const response = await request.get(file, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toBe(IMMUTABLE_ASSETS_CACHE);
    expect(headers['content-type']).toBe(file.endsWith('.js') ? 'text/javascript' : 'text/css');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // What arrives (unzipped by the client) is the built file.
    expect((await response.body()).equals(await readFile(path.join(ROOT, E2E_DIST, file)))).toBe(true);
  }
});
