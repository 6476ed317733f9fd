// The admin area as the seeded admin (product.md#dashboard-2 admin area, §5, §7 Admin, issue 13): the
// journeys an operator makes — users (search by phone,
// level, CCC packages), apps with the image rules, idea moderation, announcements, SEO, the SMTP test
// e-mail and an edited activation template that a new member's e-mail uses.
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { freeCccSlots, signInApi, submitIdea } from './support/admin-api';
import { solidPngImage } from './support/images';
import { createMember, createUnactivatedMember, uniqueEmail } from './support/factories';
import { Mailbox } from './support/mailbox';
import { SEEDED_ADMIN, signIn } from './support/session';

const ADMIN = SEEDED_ADMIN;

const marker = () => randomBytes(4).toString('hex');

/** axe at both widths on the open dialog (every admin dialog is checked in one of these journeys). */
async function checkDialog(page: Page, label: string): Promise<void> {
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label });
}

/** Opens a dialog with a click, checks it with axe, and leaves it with Escape or its 'Anuluj'. */
async function checkDialogAndLeave(page: Page, open: () => Promise<void>, name: string, leave: 'Escape' | 'Anuluj') {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await checkDialog(page, `'${name}' dialog`);
  if (leave === 'Escape') await page.keyboard.press('Escape');
  else await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(dialog).toBeHidden();
}

async function openTab(page: Page, segment: string, title: string): Promise<void> {
  await page.goto(`/dashboard/admin/${segment}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** A member’s own browser, signed in (e2e/support/session.ts). */
async function memberPage(browser: Browser, member: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
});

test('users: found by part of the phone, level changed, two GOLD packages assigned', async ({ page, browser }) => {
  const member = await createMember({ label: 'admin-users' });
  const memberSession = await signInApi(member.email, member.password);
  const goldBefore = await freeCccSlots(memberSession, 'GOLD');
  await openTab(page, 'users', 'Użytkownicy');

  const search = page.getByRole('searchbox', { name: 'Szukaj' });
  await search.fill(member.phone.slice(-6));
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toBeVisible();
  await expect(row.getByText('FREE')).toBeVisible();

  // The view lives in the address: a reload keeps the search, a filter is a step that back undoes.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${member.phone.slice(-6)}`));
  await page.reload();
  await expect(search).toHaveValue(member.phone.slice(-6));
  await expect(row).toBeVisible();
  const levelFilter = page.getByRole('combobox', { name: 'Poziom członkostwa', exact: true });
  await levelFilter.selectOption('VIP');
  await expect(page).toHaveURL(/[?&]level=VIP/);
  await expect(page.getByText('Brak użytkowników spełniających kryteria')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/level=/);
  await expect(levelFilter).toHaveValue('');
  await expect(search).toHaveValue(member.phone.slice(-6));
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Edytuj użytkownika ${member.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edytuj użytkownika' });
  await expect(edit.getByLabel('Imię i nazwisko')).toHaveValue(member.name);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'user edit modal' });
  await edit.getByLabel('Poziom członkostwa').selectOption('PREMIUM');
  await edit.getByRole('button', { name: 'Zapisz' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText('PREMIUM')).toBeVisible();

  await row.getByRole('button', { name: `Pakiety CCC użytkownika ${member.name}` }).click();
  const ccc = page.getByRole('dialog', { name: 'Przydziel pakiet CCC' });
  await ccc.getByRole('button', { name: 'Przydziel' }).click();
  await expect(ccc.getByText('Wybierz pakiet', { exact: true })).toBeVisible();
  await ccc.getByLabel('Pakiet', { exact: true }).selectOption('GOLD');
  await ccc.getByLabel('Liczba pakietów').fill('2');
  await ccc.getByRole('button', { name: 'Przydziel' }).click();
  await expect(ccc.getByRole('listitem').filter({ hasText: 'GOLD' })).toHaveCount(2);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'CCC assignment modal' });
  await ccc.getByRole('button', { name: 'Zamknij', exact: true }).click();
  expect(await freeCccSlots(memberSession, 'GOLD')).toBe(goldBefore - 2);
  await checkDialogAndLeave(
    page,
    () => row.getByRole('button', { name: `Usuń użytkownika ${member.name}` }).click(),
    'Usuń użytkownika',
    'Anuluj',
  );

  // The member, in their own browser: the badge shows the new level, the CCC page the fewer slots.
  const own = await memberPage(browser, member);
  await own.goto('/dashboard/ccc');
  await expect(own.getByText(`${goldBefore - 2} / 30`)).toBeVisible();
  await own.reload();
  await expect(own.getByRole('link', { name: 'Poziom członkostwa: PREMIUM' })).toBeVisible();
  await own.context().close();
});

test('apps: a 50×50 image is refused with its message, a valid one is uploaded with the app', async ({ page }) => {
  const name = `Aplikacja E2E ${marker()}`;
  await openTab(page, 'apps', 'Aplikacje');
  await page.getByRole('button', { name: 'Dodaj aplikację' }).click();
  const form = page.getByRole('dialog', { name: 'Nowa aplikacja' });
  await form.getByLabel('Nazwa').fill(name);
  await form.getByLabel('Kategoria').selectOption('productivity');
  await form.getByLabel('Opis').fill('Planer zadań dla małych zespołów.');

  await form
    .getByLabel(/^Obraz/)
    .setInputFiles({ name: 'maly.png', mimeType: 'image/png', buffer: solidPngImage(50, 50) });
  await expect(form.getByText('Minimalne wymiary obrazu to 100x100px')).toBeVisible();
  await form.getByLabel(/^Strona WWW/).fill('to nie jest adres');
  await form.getByRole('button', { name: 'Dodaj aplikację' }).click();
  await expect(form.getByText('Nieprawidłowy format linku WWW')).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'app form with errors' });

  await form
    .getByLabel(/^Obraz/)
    .setInputFiles({ name: 'ikona.png', mimeType: 'image/png', buffer: solidPngImage(256, 256) });
  await expect(form.getByText('Minimalne wymiary obrazu to 100x100px')).toBeHidden();
  await expect(form.getByRole('img', { name: 'Podgląd obrazu' })).toBeVisible();
  await form.getByLabel(/^Strona WWW/).fill('https://planer.example.com');
  await form.getByRole('button', { name: 'Dodaj aplikację' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/app-images\//);
  const src = (await image.getAttribute('src'))!;
  expect((await page.request.get(src)).status()).toBe(200);

  await checkDialogAndLeave(
    page,
    () => card.getByRole('button', { name: `Edytuj aplikację ${name}` }).click(),
    'Edytuj aplikację',
    'Escape',
  );

  // Deleting the app removes its image too.
  await card.getByRole('button', { name: `Usuń aplikację ${name}` }).click();
  await checkDialog(page, 'app delete confirmation');
  await page.getByRole('dialog', { name: 'Usuń aplikację' }).getByRole('button', { name: 'Usuń' }).click();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(src)).status()).not.toBe(200);
});

test('ideas: a member’s pending idea is accepted', async ({ page }) => {
  const member = await createMember({ label: 'admin-ideas' });
  const title = `Pomysł E2E ${marker()}`;
  await submitIdea(await signInApi(member.email, member.password), title);
  await openTab(page, 'ideas', 'Pomysły');

  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('W ocenie')).toBeVisible();
  await card.getByRole('button', { name: `Zaakceptuj pomysł ${title}` }).click();
  await expect(card.getByText('Zaakceptowany')).toBeVisible();
  await expect(card.getByRole('button', { name: `Zaakceptuj pomysł ${title}` })).toHaveCount(0);
});

test('announcements: one is created with a link, switched off and on, and a member sees it', async ({
  page,
  browser,
}) => {
  const text = `Zebranie klubu ${marker()}`;
  await openTab(page, 'announcements', 'Ogłoszenia');
  await page.getByRole('button', { name: 'Opublikuj' }).click();
  await expect(page.getByText('Treść ogłoszenia jest wymagana')).toBeVisible();
  await page.getByLabel(/^Treść/).fill(`${text}: [szczegóły](https://klub.example.com/zebranie)`);
  await expect(page.getByRole('link', { name: 'szczegóły (otwiera się w nowej karcie)', exact: true })).toHaveAttribute(
    'href',
    'https://klub.example.com/zebranie',
  );
  await page.getByRole('button', { name: 'Opublikuj' }).click();

  const item = page.getByRole('listitem').filter({ hasText: text });
  await expect(item.getByText('Aktywne', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Dezaktywuj' }).click();
  await expect(item.getByText('Nieaktywne', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Aktywuj' }).click();
  await expect(item.getByText('Aktywne', { exact: true })).toBeVisible();

  // The banner shows one random active announcement: reload until it is this one.
  const member = await createMember({ label: 'admin-announcement' });
  const own = await memberPage(browser, member);
  await expect
    .poll(
      async () => {
        if (await own.getByText(text).isVisible()) return true;
        await own.reload();
        await own.getByRole('navigation', { name: 'Menu główne' }).waitFor();
        return own.getByText(text).isVisible();
      },
      { timeout: 20_000, intervals: [200] },
    )
    .toBe(true);
  await own.context().close();

  await checkDialogAndLeave(
    page,
    () => item.getByRole('button', { name: 'Edytuj' }).click(),
    'Edytuj ogłoszenie',
    'Escape',
  );

  // Deleted again (after a confirmation), so the journeys after this one see only the seeded banner.
  await item.getByRole('button', { name: 'Usuń' }).click();
  const confirm = page.getByRole('dialog', { name: 'Usuń ogłoszenie' });
  await checkDialog(page, 'announcement delete confirmation');
  await confirm.getByRole('button', { name: 'Usuń' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);
});

test("community: an admin's post, with a safe link, reaches the members' feed; edited, then deleted", async ({
  page,
  browser,
}) => {
  const title = `Spotkanie klubu ${marker()}`;
  await openTab(page, 'community', 'Społeczność');
  await page.getByRole('button', { name: 'Opublikuj' }).click();
  await expect(page.getByText('Tytuł jest wymagany')).toBeVisible();
  await page.getByLabel('Tytuł', { exact: true }).fill(title);
  await page
    .getByLabel(/^Treść/)
    .fill('Zapisy: [formularz](https://klub.example.com/zapisy) [zły](javascript:alert(1))');
  await expect(page.getByRole('link', { name: /^formularz/ })).toHaveAttribute(
    'href',
    'https://klub.example.com/zapisy',
  );
  await expect(page.getByRole('link', { name: /zły/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Opublikuj' }).click();
  const item = page.getByRole('list', { name: 'Opublikowane posty' }).getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();

  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'admin/community' });

  const member = await createMember({ label: 'admin-community' });
  const own = await memberPage(browser, member);
  await own.goto('/dashboard/community');
  const post = own.getByRole('article', { name: title });
  await expect(post).toBeVisible();
  await expect(post.getByRole('link', { name: /^formularz/ })).toHaveAttribute(
    'href',
    'https://klub.example.com/zapisy',
  );
  await expect(post.getByRole('link')).toHaveCount(1);

  await item.getByRole('button', { name: `Edytuj post ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edytuj post' });
  await expect(edit.getByLabel(/^Treść/)).not.toHaveValue('');
  await checkDialog(page, 'post edit dialog');
  await edit.getByLabel(/^Treść/).fill('Zapisy zamknięte.');
  await edit.getByRole('button', { name: 'Zapisz' }).click();
  await expect(edit).toBeHidden();
  await own.reload();
  await expect(own.getByRole('article', { name: title })).toContainText('Zapisy zamknięte.');

  await item.getByRole('button', { name: `Usuń post ${title}` }).click();
  await checkDialog(page, 'post delete confirmation');
  await page.getByRole('dialog', { name: 'Usuń post' }).getByRole('button', { name: 'Usuń' }).click();
  await expect(item).toBeHidden();
  await own.reload();
  await expect(own.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(own.getByRole('article', { name: title })).toHaveCount(0);
  await own.context().close();
});

test('SEO: a new site title becomes the title of the tab', async ({ page }) => {
  const title = `Klub Inwestorów ${marker()}`;
  await openTab(page, 'seo', 'SEO');
  const field = page.getByLabel('Tytuł strony');
  const previous = await field.inputValue();
  await field.fill('');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Tytuł strony jest wymagany')).toBeVisible();

  await field.fill(title);
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zapisano ustawienia strony' })).toBeVisible();
  await expect(page).toHaveTitle(`SEO | ${title}`);
  await page.reload();
  await expect(page).toHaveTitle(`SEO | ${title}`);

  await page.getByLabel('Tytuł strony').fill(previous);
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveTitle(`SEO | ${previous}`);
});

test('SMTP: the test e-mail through the local configuration arrives in the mail catcher', async ({ page }) => {
  const address = uniqueEmail('smtp-test');
  const mailbox = await Mailbox.open(address);
  await openTab(page, 'smtp', 'SMTP');

  await page.getByRole('button', { name: 'Test konfiguracji Lokalny serwer pocztowy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test SMTP' });
  await dialog.getByLabel('Email').fill('bez-malpy');
  await dialog.getByRole('button', { name: 'Wyślij test' }).click();
  await expect(dialog.getByText('Proszę podać prawidłowy adres email')).toBeVisible();

  await dialog.getByLabel('Email').fill(address);
  await dialog.getByRole('button', { name: 'Wyślij test' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Wiadomość testowa została wysłana. Sprawdź swoją skrzynkę email.',
  );
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: 'SMTP test modal' });

  const mail = await mailbox.next({ subject: 'Test konfiguracji SMTP' });
  expect(mail.Text).toContain('To jest wiadomość testowa wysłana z panelu administratora Klubu.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The tab's other dialogs, opened and left unchanged.
  const local = 'Lokalny serwer pocztowy';
  await checkDialogAndLeave(
    page,
    () => page.getByRole('button', { name: 'Dodaj konfigurację' }).click(),
    'Nowa konfiguracja SMTP',
    'Escape',
  );
  await checkDialogAndLeave(
    page,
    () => page.getByRole('button', { name: `Edytuj konfigurację ${local}` }).click(),
    'Edytuj konfigurację SMTP',
    'Escape',
  );
  await checkDialogAndLeave(
    page,
    () => page.getByRole('button', { name: `Usuń konfigurację ${local}` }).click(),
    'Usuń konfigurację SMTP',
    'Anuluj',
  );
});

test('templates: the edited activation template is what a new member receives', async ({ page, baseURL }) => {
  const tag = `Znacznik E2E ${marker()}`;
  await openTab(page, 'email-templates', 'Szablony email');
  const card = page.getByRole('listitem').filter({ hasText: 'account-activation' });
  await expect(card.getByRole('button', { name: 'Usuń szablon account-activation' })).toBeDisabled();
  await checkDialogAndLeave(
    page,
    () => page.getByRole('button', { name: 'Dodaj szablon' }).click(),
    'Nowy szablon email',
    'Escape',
  );
  // A template the e-mail hook does not render can be deleted: its confirmation, left with 'Anuluj'.
  await checkDialogAndLeave(
    page,
    () =>
      page
        .getByRole('button', { name: /^Usuń szablon /, disabled: false })
        .first()
        .click(),
    'Usuń szablon',
    'Anuluj',
  );
  await card.getByRole('button', { name: 'Edytuj szablon account-activation' }).click();

  const form = page.getByRole('dialog', { name: 'Edytuj szablon email' });
  const html = form.getByLabel('Treść HTML');
  const text = form.getByLabel('Treść tekstowa');
  const original = { html: await html.inputValue(), text: await text.inputValue() };
  await html.fill(`${original.html}<p>${tag}</p>`);
  await text.fill(`${original.text}\n${tag}`);
  // Checked before the preview opens: axe cannot run inside the sandboxed frame (no scripts there).
  await checkDialog(page, 'template form');
  await form.getByRole('button', { name: 'Pokaż podgląd' }).click();
  await expect(form.frameLocator('iframe[title="Podgląd szablonu"]').getByText(tag)).toBeVisible();
  await expect(form.frameLocator('iframe[title="Podgląd szablonu"]').getByText('Cześć Anna Nowak,')).toBeVisible();
  await form.getByRole('button', { name: 'Zapisz' }).click();
  await expect(form).toBeHidden();

  try {
    const newcomer = await createUnactivatedMember({ label: 'admin-template', appOrigin: baseURL });
    expect(newcomer.activationMail.Text).toContain(tag);
    expect(newcomer.activationMail.HTML).toContain(`<p>${tag}</p>`);
  } finally {
    await card.getByRole('button', { name: 'Edytuj szablon account-activation' }).click();
    await html.fill(original.html);
    await text.fill(original.text);
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await expect(form).toBeHidden();
  }
});
