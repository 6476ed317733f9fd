// PKCE flow states expire as on hosted Auth (GoTrue's FlowState.IsExpired, 300 s): a magic link's
// from when its link is opened, every other flow from when the e-mail was requested. A password
// reset link opened more than 5 minutes after the request redirects with a code that can no longer
// be exchanged, which is why the app verifies the reset e-mail's token hash instead.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedMember } from './helpers/accounts.ts';
import { appClient, claimsOf, stack } from './helpers/clients.ts';
import { authMail } from './helpers/mailbox.ts';

let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: stack().dbUrl });
  await db.connect();
});

afterAll(async () => {
  await db.end();
});

/** Moves the user's flow states of this method `minutes` into the past, as if the e-mail had been waiting. */
async function ageFlowStates(email: string, method: string, minutes: number): Promise<void> {
  const { rowCount } = await db.query(
    `update auth.flow_state f set created_at = f.created_at - make_interval(mins => $3)
      from auth.users u where u.id = f.user_id and u.email = $1 and f.authentication_method = $2`,
    [email, method, minutes],
  );
  expect(rowCount).toBe(1);
}

/** Opens the e-mailed link like a browser would; returns where Auth redirects to. */
async function open(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

describe('flow state expiry (PKCE)', () => {
  it('a recovery flow counts from the request: opened after 5 minutes, its code cannot be exchanged', async () => {
    const member = await activatedMember('flow-recovery');
    const browser = appClient();
    await browser.auth.resetPasswordForEmail(member.email, { redirectTo: 'http://127.0.0.1:5173/reset-password' });
    const mail = await authMail(member.email, 'recovery');
    await ageFlowStates(member.email, 'recovery', 6);

    // The link itself still works (the OTP lives an hour) and redirects with a code…
    const target = await open(mail.link);
    const code = target.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    // …which the exchange refuses: the flow state expired 5 minutes after the request.
    const { error } = await browser.auth.exchangeCodeForSession(code);
    expect(error).toMatchObject({ status: 422, code: 'flow_state_expired' });
  });

  it('a recovery flow opened and exchanged within 5 minutes of the request works', async () => {
    const member = await activatedMember('flow-recovery-fresh');
    const browser = appClient();
    await browser.auth.resetPasswordForEmail(member.email, { redirectTo: 'http://127.0.0.1:5173/reset-password' });
    const mail = await authMail(member.email, 'recovery');
    await ageFlowStates(member.email, 'recovery', 4);
    const code = (await open(mail.link)).searchParams.get('code') ?? '';
    const { data, error } = await browser.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ amr: [{ method: 'recovery' }] });
  });

  it('a magic link flow counts from when its link is opened', async () => {
    const member = await activatedMember('flow-magic');
    const browser = appClient();
    await browser.auth.signInWithOtp({
      email: member.email,
      options: { shouldCreateUser: false, emailRedirectTo: 'http://127.0.0.1:5173/dashboard' },
    });
    const mail = await authMail(member.email, 'magiclink');
    await ageFlowStates(member.email, 'magiclink', 6);
    const code = (await open(mail.link)).searchParams.get('code') ?? '';
    const { error } = await browser.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
  });
});
