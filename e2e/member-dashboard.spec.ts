// The member's everyday screens (product.md#dashboard-2, issue 10) against the local stack, as a member
// would use them: the main panel against the database, a notification that the server sends while
// the page is open, the partner code, a reaction, the announcement banner and the apps' pools.
// axe-core checks each screen.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import {
  appRevenue,
  mainPanelFacts,
  notificationReadAt,
  reactionsOf,
  referralCodesOf,
  sendNotification,
  setAppRevenue,
} from './support/dashboard-data';
import { createMember, seeded } from './support/factories';
import { signIn } from './support/session';

const pln = (value: number | string) =>
  new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', maximumFractionDigits: 0 }).format(
    Number(value),
  );
const count = (value: number) => new Intl.NumberFormat('pl-PL').format(value);

/** A statistic card of the main panel by its label. */
const card = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Statystyki klubu' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

test('the main panel shows what the database holds', async ({ page }) => {
  // The independent journeys confirm new members meanwhile (playwright.config.ts): the panel's member
  // count is the database's at some moment between these two reads. Everything else on the panel
  // changes only in the CLUB_ADMIN and CLUB_MONEY files, which have finished before this one runs.
  const before = await mainPanelFacts(seeded.anna.email);
  await signIn(page, seeded.anna);

  await expect(page.getByRole('heading', { level: 1, name: 'Panel główny' })).toBeVisible();
  const members = card(page, 'Członkowie klubu').locator(':scope > p').nth(1);
  await expect(members).toHaveText(/^\d[\d\s]*$/);
  const facts = await mainPanelFacts(seeded.anna.email);
  const shown = Number((await members.innerText()).replace(/\D/g, ''));
  expect(shown).toBeGreaterThanOrEqual(before.confirmed_members);
  expect(shown).toBeLessThanOrEqual(facts.confirmed_members);
  await expect(members).toHaveText(count(shown));
  await expect(card(page, 'Aplikacje w portfelu')).toContainText(count(facts.apps));
  await expect(card(page, 'Pomysły')).toContainText(count(facts.ideas));
  await expect(card(page, 'Pomysły')).toContainText(`Zaakceptowane${count(facts.approved_ideas)}`);
  await expect(card(page, 'Przychód e-commerce')).toContainText(pln(facts.latest_revenue ?? 0));
  await expect(card(page, 'Pule zysków')).toContainText(`${facts.my_level} (Twój poziom)${pln(facts.my_pool ?? 0)}`);
  await expect(card(page, 'Aktywne pakiety CCC')).toContainText(count(facts.active_ccc));
  await expect(page.getByRole('heading', { name: 'Ostatnie aktywności' })).toBeVisible();
  const partners = page.getByRole('region', { name: 'Top Partnerzy' });
  await expect(partners.getByRole('listitem').first()).toBeVisible();

  // The header: the level badge, the display name, the title from the site settings.
  await expect(page.getByRole('link', { name: `Poziom członkostwa: ${facts.my_level}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu użytkownika: Ania' })).toBeVisible();
  await expect(page).toHaveTitle('Panel główny | Klub');

  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'main panel' });

  // The keyboard: the first Tab stop skips the header and the menu, to the page's content.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Przejdź do treści' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
});

test('a notification the server sends while the page is open arrives live; a click marks it read', async ({ page }) => {
  await signIn(page, seeded.anna);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Powiadomienia/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Powiadomienia' });
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'notifications panel' });

  const title = `Zysk z pakietu ${Date.now()}`;
  const id = await sendNotification(seeded.anna.email, {
    type: 'profit',
    title,
    content: 'Naliczono zysk z pakietu.',
    data: { amount: 321, percentage: 8, tier: 'GOLD' },
  });

  // Live through Realtime: well before the 30 s fallback poll.
  const item = panel.getByRole('listitem').first();
  await expect(item).toContainText(title, { timeout: 5_000 });
  await expect(item).toContainText('321 zł');
  await expect(item).toContainText('8% z pakietu GOLD');

  await item.getByRole('button').click();
  await expect(item.getByRole('button')).toHaveCount(0);
  await expect.poll(() => notificationReadAt(id)).not.toBeNull();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});

test('a member without a code generates one and copies the referral link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const member = await createMember({ label: 'referral' });
  await signIn(page, member);
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Program Partnerski' }).click();

  await expect(page.getByText('Nie masz jeszcze kodu polecającego.')).toBeVisible();
  await expect(page.getByText('Nie masz jeszcze żadnych poleconych osób.')).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'partner page without a code' });

  await page.getByRole('button', { name: 'Generuj kod' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generuj nowy kod polecający' });
  await dialog.getByRole('textbox', { name: 'Opis (opcjonalnie)' }).fill('Znajomi z pracy');
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'generate-code dialog' });
  await dialog.getByRole('button', { name: 'Generuj kod' }).click();
  await expect(dialog).toBeHidden();

  const [code] = await referralCodesOf(member.email);
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(page.getByTestId('referral-code')).toHaveText(code!);
  await expect(page.getByRole('button', { name: 'Generuj kod' })).toHaveCount(0);
  const link = `${baseURL}/?ref=${code}`;
  await expect(page.getByRole('textbox', { name: 'Link polecający' })).toHaveValue(link);

  await page.getByRole('button', { name: 'Kopiuj link' }).click();
  await expect(page.getByText('Skopiowano!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByText('Skopiowano!')).toBeHidden({ timeout: 4_000 });
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'partner page with a code' });
});

test('a reaction toggles on and off', async ({ page }) => {
  const member = await createMember({ label: 'reaction' });
  await signIn(page, member);
  await page.goto('/dashboard/community');
  const post = page.getByRole('article', { name: 'Witamy w społeczności Klubu' });
  const clap = post.getByRole('button', { name: /^Brawo: \d+$/ });
  await expect(clap).toHaveAttribute('aria-pressed', 'false');
  const before = Number((await clap.getAttribute('aria-label'))?.split(': ')[1]);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'community' });

  await clap.click();
  await expect(post.getByRole('button', { name: `Brawo: ${before + 1}` })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => reactionsOf(member.email, 'Witamy w społeczności Klubu')).toEqual(['clap']);

  await post.getByRole('button', { name: `Brawo: ${before + 1}` }).click();
  await expect(post.getByRole('button', { name: `Brawo: ${before}` })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => reactionsOf(member.email, 'Witamy w społeczności Klubu')).toEqual([]);
});

test('the announcement is dismissed and stays dismissed after a reload', async ({ page }) => {
  await signIn(page, seeded.anna);
  const text = page.getByText('Nowe pakiety CCC są już dostępne');
  const banner = page.getByRole('region', { name: 'Ogłoszenie' }).filter({ has: text });
  // The banner shows one random active announcement: reload until it is the seeded one (other
  // journeys may have left active ones).
  await expect
    .poll(
      async () => {
        if (await banner.isVisible()) return true;
        await page.reload();
        await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
        return banner.isVisible();
      },
      { timeout: 20_000, intervals: [200] },
    )
    .toBe(true);
  await expect(banner.getByRole('link', { name: 'sprawdź szczegóły' })).toHaveAttribute('href', '/dashboard/ccc');
  await expectNoSeriousA11yViolationsAtBothWidths(page, {
    include: '[aria-label="Ogłoszenie"]',
    label: 'announcement banner',
  });

  await banner.getByRole('button', { name: 'Zamknij ogłoszenie' }).click();
  await expect(text).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel główny' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu główne' })).toBeVisible();
  await expect(text).toBeHidden();
});

test('the apps grid shows the pools of the latest revenue', async ({ page }) => {
  const original = await appRevenue('FitPlan');
  const revenue = 50_000 + Math.floor(Math.random() * 40_000);
  const plans = await setAppRevenue('FitPlan', revenue);
  try {
    await signIn(page, seeded.anna);
    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Aplikacje' }).click();
    const card = page.getByRole('article', { name: 'FitPlan' });
    await expect(card).toContainText(pln(revenue));
    const pools = card.getByRole('region', { name: 'Pule zysków – FitPlan' });
    for (const plan of plans) {
      const percent = new Intl.NumberFormat('pl-PL', { style: 'percent', maximumFractionDigits: 2 }).format(plan.share);
      await expect(pools).toContainText(`Pula ${plan.tier} (${percent})${pln(revenue * plan.share)}`);
    }
    await expect(card.getByRole('link', { name: /^Strona WWW/ })).toHaveAttribute('target', '_blank');
    await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'apps catalogue' });
  } finally {
    await setAppRevenue('FitPlan', original);
  }
});
