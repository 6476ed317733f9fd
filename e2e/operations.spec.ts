// Running the club without SQL (issue 40), one journey: a member's failed call shows an
// 'identyfikator zdarzenia' the admin follows into the audit trail; an e-mail that gave up is seeded
// into the outbox, the admin area's banner and 'Stan systemu' show it, and 'Wyślij ponownie' delivers
// it into the mail catcher; the idea's failed call is sent again with 'Ponów'. axe at 1366 and 390 px
// on 'Stan systemu' and the filtered audit trail.
// The mail server stays up throughout (the other journeys share it): the e-mail fails only as a row.
// In the club-admin chain: the member's idea changes the ideas board's counts.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SubmitIdeaPage } from './pages/ideas-pages';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { answerIdeas } from './support/automation';
import { query } from './support/database';
import { createMember } from './support/factories';
import { Mailbox } from './support/mailbox';
import { SEEDED_ADMIN, signIn } from './support/session';

const unique = () => randomUUID().slice(0, 8);

test("a member's failed call leads the admin to its audit row; a failed e-mail is shown and 'Wyślij ponownie' delivers it", async ({
  page,
  browser,
}) => {
  // Two sign-ins and four axe runs (about 2 s apiece on a busy machine).
  test.setTimeout(120_000);
  const member = await createMember({ label: 'operations' });

  // The member: the automation service fails for this idea; the answer names the call's id.
  const title = `Awaria do zgłoszenia ${unique()}`;
  await answerIdeas({ titleContains: title, status: 503, feedback: 'Niedostępne' });
  await signIn(page, member);
  const form = await new SubmitIdeaPage(page).open();
  await form.fill({
    title,
    description: 'Pomysł, którego automatyzacja nie przyjęła.',
    category: 'Biznes',
    targetAudience: 'Firmy',
    monetizationStrategy: 'Abonament',
  });
  await form.submit.click();
  await expect(form.feedback('Webhook request failed')).toBeVisible();
  const idText = await page.getByTestId('request-id').textContent();
  const requestId = /identyfikator zdarzenia: ([0-9a-f]{32})$/.exec(idText ?? '')?.[1];
  expect(requestId, `the id in "${idText}"`).toBeTruthy();

  // An e-mail to the member that gave up (5 attempts), as the sender leaves one when SMTP refuses.
  const reference = `KLB-E2E${unique().toUpperCase()}`;
  const [failed] = await query<{ id: string }>(
    `insert into private.email_outbox (template, user_id, to_email, variables, attempts, last_error, next_attempt_at)
     select 'payment-confirmed', p.user_id, p.email, $2, 5, 'SMTP: 535 Authentication failed', now()
       from public.profiles p where p.email = $1
     returning id`,
    [member.email, { fname: member.name, reference, item: 'Plan START', amount: '4997.00 PLN', valid_until: '' }],
  );
  expect(failed).toBeTruthy();

  // The admin, in a browser of their own.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, SEEDED_ADMIN);
  await admin.goto('/dashboard/admin/system-health');
  await expect(admin.getByRole('heading', { level: 1, name: 'Stan systemu' })).toBeVisible();
  // The banner of the admin area: e-mails gave up, so the admins' own alerts may not reach them.
  await expect(admin.getByRole('region', { name: 'Poczta wychodząca nie działa' })).toContainText(
    'E-maile, których nie udało się wysłać',
  );
  const checks = admin.getByRole('region', { name: 'Kontrole' });
  await expect(checks.locator('tr[data-check="email.failed"]')).toContainText('Problem');
  await expect(checks.locator('tr[data-check="ideas.webhook"]')).toContainText('Problem');
  const row = admin.locator(`tr[data-email-id="${failed!.id}"]`);
  await expect(row).toContainText(member.email);
  await expect(row).toContainText('SMTP: 535 Authentication failed');

  // The member's id: what the request left, here and in the audit trail.
  const search = admin.getByRole('search', { name: 'Znajdź zdarzenie' });
  await search.getByLabel(/Identyfikator zdarzenia/).fill(requestId!);
  await search.getByRole('button', { name: 'Szukaj' }).click();
  const results = admin.getByRole('region', { name: `Wpisy zdarzenia ${requestId}` });
  await expect(results.getByRole('row', { name: /idea\.webhook/ })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'admin/system-health' });

  await results.getByRole('link', { name: 'Dziennik zmian' }).click();
  await expect(admin).toHaveURL(new RegExp(`/dashboard/admin/audit\\?request=${requestId}$`));
  await expect(admin.getByLabel('Identyfikator zdarzenia')).toHaveValue(requestId!);
  const entries = admin.getByRole('region', { name: 'Wpisy' });
  const entry = entries.getByRole('row', { name: /Pomysły: odpowiedź automatyzacji/ });
  await expect(entry).toContainText('System (idea-webhook)');
  await expect(entry).toContainText(requestId!);
  await expect(entry).toContainText('Webhook request failed');
  await expect(entries.getByRole('row')).toHaveCount(2);
  await expectNoSeriousA11yViolationsAtBothWidths(admin, { label: 'admin/audit?request' });

  // 'Wyślij ponownie': the e-mail is due again, the sender delivers it.
  const mailbox = await Mailbox.open(member.email);
  await admin.goBack();
  await admin.locator(`tr[data-email-id="${failed!.id}"]`).getByRole('button', { name: 'Wyślij ponownie' }).click();
  await expect(admin.getByText('E-mail wróci do kolejki i zostanie wysłany ponownie.')).toBeVisible();
  const mail = await mailbox.next({ subject: `Potwierdziliśmy Twoją płatność ${reference}`, timeout: 30_000 });
  expect(mail.Text).toContain('Plan START, 4997.00 PLN');
  await expect(admin.locator(`tr[data-email-id="${failed!.id}"]`)).toHaveCount(0);
  const [resend] = await query<{ action: string }>(
    "select action from public.admin_audit_log where target_type = 'email' and target_id = $1",
    [failed!.id],
  );
  expect(resend?.action).toBe('email.resend');

  // The idea's failed call, 'Ponów' once the automation service is back: the new answer is stored.
  await answerIdeas({ titleContains: title, status: 200, feedback: 'Przyjęty po awarii' });
  const ideaRow = admin
    .getByRole('region', { name: 'Pomysły, których nie udało się przekazać do automatyzacji' })
    .getByRole('row', { name: new RegExp(title) });
  await ideaRow.getByRole('button', { name: `Ponów wysyłkę pomysłu „${title}”` }).click();
  await expect(admin.getByText('Pomysł wysłany ponownie. Odpowiedź: Przyjęty po awarii')).toBeVisible();
  await expect(ideaRow).toHaveCount(0);
  const [stored] = await query<{ webhook_response: string }>(
    'select webhook_response from public.app_ideas where title = $1',
    [title],
  );
  expect(stored?.webhook_response).toBe('Przyjęty po awarii');
  await adminContext.close();
});
