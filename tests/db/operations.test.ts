// 'Stan systemu' (issue 40 §1): each health check is seeded into its problem and cleared back to OK,
// inside one transaction that is rolled back, so what other test files left in the shared database
// neither helps nor hurts (the transaction first brings every watched table to a healthy state).
// Then the problems' first/last seen, the failed e-mails' 'Wyślij ponownie' and 'Odrzuć' (audited),
// the outbox banner, following one request id, the scheduled jobs' record of their runs, and the
// reminders that reach the member (§2: each sent once across two runs, e-mail as the member's
// 'Powiadomienia e-mail' say).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  claimsOf,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  type TestUser,
} from '../helpers/db.ts';
import { createIdea } from '../helpers/content-factories.ts';
import { checkLedgerAfterEachTest, claimWithdrawal, pendingWithdrawal } from '../helpers/money-factories.ts';

type Check = {
  check_key: string;
  area: string;
  status: 'ok' | 'warning' | 'problem';
  value: string | null;
  detail: string | null;
  first_seen_at: Date | null;
  last_seen_at: Date | null;
};

type Sql = <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<R[]>;

let adminUser: TestUser;

/** A payout run recorded now, with its revenue row. */
const PAYOUT_RUN_TODAY = `
  with revenue as (insert into public.ecommerce_revenue (amount) values (100) returning id, created_at)
  insert into public.payout_runs (revenue_id, revenue_amount, revenue_date, rate_pln_usdt, tiers, members_count,
    total_pln, total_usdt, remainder_pln)
  select r.id, 100, current_date, 4, '[]', 0, 0, 0, 100 from revenue r`;

/** The outcomes of a failed Przelewy24 event (private.health_checks, payments.gateway). */
const GATEWAY_FAILURES = `array['not_configured', 'malformed', 'bad_signature', 'wrong_merchant', 'unknown_order',
  'amount_mismatch', 'other_status', 'failed', 'unreachable', 'refused']`;

/** `sql` as the database owner inside one transaction; `as(user, …)` as a user through PostgREST's role and claims. */
type As = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  user: TestUser | 'service_role',
  text: string,
  params?: unknown[],
  headers?: Record<string, string>,
) => Promise<R[]>;

/** Runs `fn` in one transaction of its own that is rolled back. */
async function rolledBack(fn: (sql: Sql, as: As) => Promise<void>) {
  const client = await admin().connect();
  const sql: Sql = async (text, params) => (await client.query(text, params)).rows;
  const as: As = async (user, text, params, headers = {}) => {
    await client.query(
      "select set_config('role', $3, true), set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)",
      [
        JSON.stringify(claimsOf(user)),
        JSON.stringify(headers),
        user === 'service_role' ? 'service_role' : 'authenticated',
      ],
    );
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.query("reset role; select set_config('request.headers', '', true)");
    }
  };
  try {
    await client.query('begin');
    await fn(sql, as);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

/**
 * Runs `fn` in one transaction that is rolled back: `sql` as the database owner, `health()` as the
 * admin through PostgREST's role and claims. Everything the checks watch is healthy to begin with.
 */
async function inRolledBack(fn: (sql: Sql, health: () => Promise<Map<string, Check>>, as: As) => Promise<void>) {
  await rolledBack(async (sql, as) => {
    const health = async () => {
      const rows = await as<Check>(adminUser, 'select * from public.admin_system_health()');
      return new Map(rows.map((row) => [row.check_key, row]));
    };
    // Everything watched is healthy to begin with.
    await sql('update private.job_runs set last_success_at = now(), last_error = null, details = $1', [
      { smtpPolicy: { allowedPorts: [465, 587], allowPrivateHosts: false } },
    ]);
    await sql('update private.email_outbox set sent_at = now() where sent_at is null');
    await sql("update public.withdrawals set created_at = now() where status = 'pending'");
    await sql("update public.withdrawals set claimed_at = now() where status = 'processing'");
    await sql(
      "update public.payment_orders set expires_at = now() + interval '1 day' where status = 'pending' and expires_at < now()",
    );
    await sql(
      `delete from public.payment_events where outcome = any (${GATEWAY_FAILURES}) and created_at > now() - interval '25 hours'`,
    );
    await sql(PAYOUT_RUN_TODAY);
    await sql('delete from public.referral_commissions');
    await sql("update public.app_ideas set webhook_response = null where webhook_response = 'Webhook request failed'");
    await sql("update public.privacy_requests set status = 'completed', completed_at = now() where status = 'open'");
    await sql(
      `update auth.users set raw_app_meta_data = raw_app_meta_data - 'admin'
        where raw_app_meta_data -> 'admin' = 'true'::jsonb and id <> $1`,
      [adminUser.id],
    );
    await sql(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'totp', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [adminUser.id],
    );
    await fn(sql, health, as);
  });
}

describe('operations: the health checks (issue 40)', () => {
  checkLedgerAfterEachTest();

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  it('only admins (aal2) read the health view; members, anon and service_role are refused', async () => {
    const member = await createMember();
    expect(await errorOf(queryAs(member, 'select * from public.admin_system_health()'))).toEqual({
      code: '42501',
      message: 'auth.forbidden',
    });
    const notYet = await createAdmin({ aal: 'aal1' });
    await admin().query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'totp', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [notYet.id],
    );
    expect(await sqlState(queryAs(notYet, 'select * from public.admin_system_health()'))).toBe('42501');
    expect(await sqlState(queryAs('anon', 'select * from public.admin_system_health()'))).toBe('42501');
    expect(await sqlState(queryAs('service_role', 'select * from public.admin_system_health()'))).toBe('42501');
    for (const rpc of ['admin_list_failed_emails()', 'admin_resend_email(1)', 'admin_discard_email(1)']) {
      expect(await errorOf(queryAs(member, `select * from public.${rpc}`))).toMatchObject({ code: '42501' });
    }
  });

  it('all OK when everything is healthy', async () => {
    await inRolledBack(async (_sql, health) => {
      const checks = await health();
      expect([...checks.values()].filter((check) => check.status !== 'ok').map((check) => check.check_key)).toEqual([]);
      expect([...checks.keys()].sort()).toEqual([
        'email.errors_24h',
        'email.failed',
        'email.queue',
        'ideas.webhook',
        'job.audit-chain-head',
        'job.health-checks',
        'job.membership-reminders',
        'job.payment-jobs',
        'job.privacy-purge',
        'job.przelewy24-reconcile',
        'job.remove-stored-files',
        'job.send-outbox',
        'job.usdt-verify-payment',
        'job.usdt-watch',
        'money.commissions',
        'money.payout_run',
        'money.withdrawals',
        'payments.gateway',
        'payments.orders_overdue',
        'payments.usdt_checks',
        'payments.usdt_unrecognised',
        'privacy.requests',
        'security.admin_mfa',
        'security.smtp_policy',
      ]);
    });
  });

  it('scheduled jobs: a job without a success for more than two periods is a problem, with its lag and error', async () => {
    await inRolledBack(async (sql, health) => {
      await sql(
        `update private.job_runs set last_success_at = now() - interval '3 minutes 30 seconds', last_error = 'run stopped: x'
          where job = 'send-outbox'`,
      );
      expect((await health()).get('job.send-outbox')).toMatchObject({ status: 'ok', value: '3' });
      await sql("update private.job_runs set last_success_at = now() - interval '2 hours' where job = 'send-outbox'");
      expect((await health()).get('job.send-outbox')).toMatchObject({
        status: 'problem',
        value: '120',
        detail: 'run stopped: x',
      });
      await sql("update private.job_runs set last_success_at = null where job = 'membership-reminders'");
      expect((await health()).get('job.membership-reminders')).toMatchObject({ status: 'problem', value: null });
      await sql('update private.job_runs set last_success_at = now()');
      const checks = await health();
      expect(checks.get('job.send-outbox')?.status).toBe('ok');
      expect(checks.get('job.membership-reminders')?.status).toBe('ok');
    });
  });

  it('an optional job (the Przelewy24 reconciliation) is OK until it first reports, then watched like any other', async () => {
    await inRolledBack(async (sql, health) => {
      await sql(
        "update private.job_runs set last_success_at = null, last_failure_at = null, last_error = null where job = 'przelewy24-reconcile'",
      );
      expect((await health()).get('job.przelewy24-reconcile')).toMatchObject({ status: 'ok', value: null });
      await sql(
        "update private.job_runs set last_failure_at = now(), last_error = 'Przelewy24 is not configured' where job = 'przelewy24-reconcile'",
      );
      expect((await health()).get('job.przelewy24-reconcile')).toMatchObject({
        status: 'problem',
        detail: 'Przelewy24 is not configured',
      });
      await sql("update private.job_runs set last_success_at = now() where job = 'przelewy24-reconcile'");
      expect((await health()).get('job.przelewy24-reconcile')?.status).toBe('ok');
      await sql(
        "update private.job_runs set last_success_at = now() - interval '10 minutes' where job = 'przelewy24-reconcile'",
      );
      expect((await health()).get('job.przelewy24-reconcile')).toMatchObject({ status: 'problem', value: '10' });
      // A required job that never reported is a problem at once.
      await sql(
        "update private.job_runs set last_success_at = null, last_failure_at = null where job = 'payment-jobs'",
      );
      expect((await health()).get('job.payment-jobs')).toMatchObject({ status: 'problem', value: null });
    });
  });

  it('e-mail: the queue (warning after 15 minutes, problem after an hour), failed e-mails and the last SMTP error', async () => {
    const member = await createMember();
    await inRolledBack(async (sql, health) => {
      const queue = async (age: string, attempts = 0, error: string | null = null) =>
        (
          await sql<{ id: string }>(
            `insert into private.email_outbox (template, user_id, to_email, next_attempt_at, attempts, last_error)
             values ('payment-confirmed', $1, $2, now() - $3::interval, $4, $5) returning id`,
            [member.id, member.email, age, attempts, error],
          )
        )[0]!.id;
      await queue('1 minute');
      expect((await health()).get('email.queue')).toMatchObject({ status: 'ok', value: '1' });
      await queue('20 minutes');
      expect((await health()).get('email.queue')).toMatchObject({ status: 'warning', value: '2', detail: '20' });
      await queue('2 hours');
      expect((await health()).get('email.queue')).toMatchObject({ status: 'problem', value: '3' });

      await queue('5 minutes', 5, 'SMTP: Invalid login');
      const checks = await health();
      expect(checks.get('email.failed')).toMatchObject({ status: 'problem', value: '1' });
      expect(checks.get('email.errors_24h')).toMatchObject({
        status: 'warning',
        value: '1',
        detail: 'SMTP: Invalid login',
      });

      await sql('update private.email_outbox set sent_at = now() where sent_at is null');
      const cleared = await health();
      for (const key of ['email.queue', 'email.failed', 'email.errors_24h'])
        expect(cleared.get(key)?.status).toBe('ok');
    });
  });

  it('money: a withdrawal pending for more than 48 h, an old last payout run, a commission unpaid for 30 days', async () => {
    const member = await createMember();
    const withdrawal = await pendingWithdrawal(member, 5);
    await inRolledBack(async (sql, health) => {
      await sql("update public.withdrawals set created_at = now() - interval '47 hours' where id = $1", [
        withdrawal.id,
      ]);
      expect((await health()).get('money.withdrawals')).toMatchObject({ status: 'ok', value: '0' });
      await sql("update public.withdrawals set created_at = now() - interval '49 hours' where id = $1", [
        withdrawal.id,
      ]);
      expect((await health()).get('money.withdrawals')).toMatchObject({ status: 'problem', value: '1' });
      await sql('update public.withdrawals set created_at = now() where id = $1', [withdrawal.id]);
      expect((await health()).get('money.withdrawals')?.status).toBe('ok');

      await sql("update public.payout_runs set created_at = created_at - interval '400 days'");
      expect((await health()).get('money.payout_run')).toMatchObject({ status: 'warning' });
      await sql('delete from public.payout_runs');
      expect((await health()).get('money.payout_run')).toMatchObject({ status: 'warning', value: null });
      await sql(PAYOUT_RUN_TODAY);
      expect((await health()).get('money.payout_run')).toMatchObject({ status: 'ok', value: '0' });

      await sql(
        `insert into public.referral_commissions (referrer_id, referred_id, level, amount_pln, created_at)
         values ($1, $2, 'START', 12.50, now() - interval '31 days')`,
        [adminUser.id, member.id],
      );
      expect((await health()).get('money.commissions')).toMatchObject({
        status: 'warning',
        value: '1',
        detail: '12.50',
      });
      await sql('update public.referral_commissions set created_at = now() where referred_id = $1', [member.id]);
      expect((await health()).get('money.commissions')).toMatchObject({ status: 'ok', value: '1' });
    });
  });

  it('money: a withdrawal processing for more than 48 h since its claim is a problem too', async () => {
    const member = await createMember();
    const withdrawal = await pendingWithdrawal(member, 5);
    await claimWithdrawal(adminUser, withdrawal.id);
    await inRolledBack(async (sql, health) => {
      // Requested long ago, claimed recently: it is the claim that counts for a processing one.
      await sql(
        "update public.withdrawals set created_at = now() - interval '10 days', claimed_at = now() - interval '47 hours' where id = $1",
        [withdrawal.id],
      );
      expect((await health()).get('money.withdrawals')).toMatchObject({ status: 'ok', value: '0', detail: '0' });
      await sql("update public.withdrawals set claimed_at = now() - interval '49 hours' where id = $1", [
        withdrawal.id,
      ]);
      expect((await health()).get('money.withdrawals')).toMatchObject({ status: 'problem', value: '1', detail: '1' });
      await sql('update public.withdrawals set claimed_at = now() where id = $1', [withdrawal.id]);
      expect((await health()).get('money.withdrawals')?.status).toBe('ok');
    });
    await queryAs(adminUser, 'select public.admin_fail_withdrawal($1, $2)', [withdrawal.id, 'Test: zwolnione']);
  });

  it('payments: a pending order more than 2 hours past its expiry; a failed Przelewy24 event in the last 24 h', async () => {
    const member = await createMember();
    await inRolledBack(async (sql, health) => {
      const [order] = await sql<{ id: string }>(
        `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
         values (private.new_payment_reference(), $1, 'plan', 'START', 'transfer', 4997, 'PLN', now() - interval '1 hour')
         returning id`,
        [member.id],
      );
      expect((await health()).get('payments.orders_overdue')).toMatchObject({ status: 'ok', value: '0' });
      await sql("update public.payment_orders set expires_at = now() - interval '3 hours 10 minutes' where id = $1", [
        order!.id,
      ]);
      expect((await health()).get('payments.orders_overdue')).toMatchObject({
        status: 'problem',
        value: '1',
        detail: '3',
      });
      await sql('select private.expire_payment_orders()');
      expect((await health()).get('payments.orders_overdue')).toMatchObject({ status: 'ok', value: '0' });

      const event = (kind: string, outcome: string, age = '1 minute') =>
        sql(
          `insert into public.payment_events (order_id, session_id, kind, outcome, created_at)
           values ($1, 'KLB-TEST-1', $2, $3, now() - $4::interval)`,
          [order!.id, kind, outcome, age],
        );
      await event('notification', 'accepted');
      await event('verify', 'verified');
      expect((await health()).get('payments.gateway')).toMatchObject({ status: 'ok', value: '0' });
      await event('notification', 'bad_signature', '2 hours');
      await event('verify', 'unreachable', '30 minutes');
      expect((await health()).get('payments.gateway')).toMatchObject({
        status: 'problem',
        value: '2',
        detail: 'verify: unreachable',
      });
      await sql(`delete from public.payment_events where order_id = $1 and outcome = any (${GATEWAY_FAILURES})`, [
        order!.id,
      ]);
      await event('confirm', 'failed', '25 hours');
      expect((await health()).get('payments.gateway')).toMatchObject({ status: 'ok', value: '0' });
    });
  });

  it('ideas: a failed call of the automation service in the last 24 h is a problem', async () => {
    const member = await createMember();
    const idea = await createIdea(member);
    await inRolledBack(async (sql, health) => {
      await sql(
        "update public.app_ideas set webhook_response = 'Webhook request failed', updated_at = now() where id = $1",
        [idea.id],
      );
      expect((await health()).get('ideas.webhook')).toMatchObject({ status: 'problem', value: '1' });
      await sql("update public.app_ideas set updated_at = now() - interval '25 hours' where id = $1", [idea.id]);
      expect((await health()).get('ideas.webhook')?.status).toBe('ok');
    });
  });

  it('security: an admin without a verified second factor; the SMTP policy the sender reported', async () => {
    const careless = await createAdmin();
    await inRolledBack(async (sql, health) => {
      await sql(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"admin": true}' where id = $1`, [
        careless.id,
      ]);
      expect((await health()).get('security.admin_mfa')).toMatchObject({ status: 'problem', value: '1' });
      await sql(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values (gen_random_uuid(), $1, 'totp', 'totp', 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
        [careless.id],
      );
      expect((await health()).get('security.admin_mfa')?.status).toBe('problem');
      await sql("update auth.mfa_factors set status = 'verified' where user_id = $1", [careless.id]);
      expect((await health()).get('security.admin_mfa')).toMatchObject({ status: 'ok', value: '0' });

      expect((await health()).get('security.smtp_policy')?.status).toBe('ok');
      await sql(
        `update private.job_runs set details = '{"smtpPolicy": {"allowedPorts": [25], "allowPrivateHosts": true}}'
          where job = 'send-outbox'`,
      );
      const open = (await health()).get('security.smtp_policy');
      expect(open?.status).toBe('warning');
      expect(JSON.parse(open!.detail!)).toEqual({ allowedPorts: [25], allowPrivateHosts: true });
      await sql("update private.job_runs set details = '{}' where job = 'send-outbox'");
      expect((await health()).get('security.smtp_policy')).toMatchObject({ status: 'warning', detail: null });
    });
  });

  it('the admins the checks know follow app_metadata.admin and the soft delete (private.admin_accounts)', async () => {
    const member = await createMember();
    const other = await createAdmin();
    const listed = async (id: string) =>
      (await admin().query('select 1 from private.admin_accounts where user_id = $1', [id])).rowCount === 1;
    expect(await listed(other.id)).toBe(true);
    expect(await listed(member.id)).toBe(false);
    await admin().query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"admin": true}' where id = $1`,
      [member.id],
    );
    expect(await listed(member.id)).toBe(true);
    await admin().query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'admin' where id = $1`, [
      member.id,
    ]);
    expect(await listed(member.id)).toBe(false);
    await admin().query('update auth.users set deleted_at = now() where id = $1', [other.id]);
    expect(await listed(other.id)).toBe(false);
    await admin().query('update auth.users set deleted_at = null where id = $1', [other.id]);
    expect(await listed(other.id)).toBe(true);
    await admin().query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'admin' where id = $1`, [
      other.id,
    ]);
  });

  it('problems are kept with first and last seen; an OK check closes its problem, a new one starts afresh', async () => {
    await inRolledBack(async (sql, health) => {
      await sql("update private.job_runs set last_success_at = null where job = 'membership-reminders'");
      const first = (await health()).get('job.membership-reminders')!;
      expect(first.first_seen_at).toBeInstanceOf(Date);
      await sql(
        "update private.health_problems set first_seen_at = now() - interval '1 day', last_seen_at = now() - interval '1 hour' where check_key = 'job.membership-reminders'",
      );
      const again = (await health()).get('job.membership-reminders')!;
      expect(Date.now() - again.first_seen_at!.getTime()).toBeGreaterThan(23 * 3600_000);
      expect(Date.now() - again.last_seen_at!.getTime()).toBeLessThan(60_000);

      await sql("update private.job_runs set last_success_at = now() where job = 'membership-reminders'");
      expect((await health()).get('job.membership-reminders')).toMatchObject({ status: 'ok', first_seen_at: null });
      const [closed] = await sql<{ resolved_at: Date | null }>(
        "select resolved_at from private.health_problems where check_key = 'job.membership-reminders'",
      );
      expect(closed?.resolved_at).toBeInstanceOf(Date);

      await sql("update private.job_runs set last_success_at = null where job = 'membership-reminders'");
      const reopened = (await health()).get('job.membership-reminders')!;
      expect(Date.now() - reopened.first_seen_at!.getTime()).toBeLessThan(60_000);
    });
  });
});

describe('operations: the admins hear of a new problem by e-mail (issue 40)', () => {
  checkLedgerAfterEachTest();

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  it('one e-mail per admin when a problem appears, at most once a day while it lasts, again when it comes back', async () => {
    await inRolledBack(async (sql) => {
      const run = async () => Number((await sql<{ n: number }>('select private.run_health_checks() as n'))[0]!.n);
      const mails = async () =>
        sql<{ to_email: string; variables: { problems: string } }>(
          "select to_email, variables from private.email_outbox where template = 'system-health-problem' and user_id = $1 order by id",
          [adminUser.id],
        );
      expect(await run()).toBe(0);
      expect(await mails()).toEqual([]);

      await sql("update private.job_runs set last_success_at = null where job = 'membership-reminders'");
      await sql(
        "update public.app_ideas set webhook_response = 'Webhook request failed', updated_at = now() where id = (select id from public.app_ideas limit 1)",
      );
      expect(await run()).toBe(1);
      const [mail] = await mails();
      expect(mail).toMatchObject({ to_email: adminUser.email });
      expect(mail!.variables.problems).toBe('ideas.webhook, job.membership-reminders');

      expect(await run()).toBe(0);
      await sql("update private.health_problems set notified_at = now() - interval '25 hours'");
      expect(await run()).toBe(1);
      expect(await mails()).toHaveLength(2);

      // Cleared, then back: a new problem, a new e-mail at once.
      await sql('update private.job_runs set last_success_at = now()');
      await sql(
        "update public.app_ideas set webhook_response = null where webhook_response = 'Webhook request failed'",
      );
      expect(await run()).toBe(0);
      await sql("update private.job_runs set last_success_at = null where job = 'membership-reminders'");
      expect(await run()).toBe(1);
      expect((await mails()).at(-1)!.variables.problems).toBe('job.membership-reminders');
    });
  });
});

describe('operations: failed e-mails (issue 40)', () => {
  checkLedgerAfterEachTest();

  let admin2: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    admin2 = await createAdmin();
    member = await createMember();
  });

  async function failedEmail(): Promise<string> {
    const { rows } = await admin().query<{ id: string }>(
      `insert into private.email_outbox (template, user_id, to_email, attempts, last_error, request_id)
       values ('payment-confirmed', $1, $2, 5, 'SMTP: Invalid login', 'a1b2c3d4e5f60718293a4b5c6d7e8f90') returning id`,
      [member.id, member.email],
    );
    return rows[0]!.id;
  }

  const auditOf = async (id: string) =>
    (
      await admin().query<{ action: string; actor_id: string; target_user_id: string }>(
        "select action, actor_id, target_user_id from public.admin_audit_log where target_type = 'email' and target_id = $1 order by id",
        [id],
      )
    ).rows;

  it('lists a failed e-mail with its error and request id; "Wyślij ponownie" makes it due again, audited', async () => {
    const id = await failedEmail();
    const listed = await queryAs<{ id: string; last_error: string; request_id: string; to_email: string }>(
      admin2,
      'select * from public.admin_list_failed_emails()',
    );
    expect(listed.find((row) => row.id === id)).toMatchObject({
      last_error: 'SMTP: Invalid login',
      request_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      to_email: member.email,
    });
    await queryAs(admin2, 'select public.admin_resend_email($1)', [id]);
    // The sender claims due e-mails oldest first, 100 at a time; e-mails other test files left due in
    // the same database may come before this one, so claim until it comes or nothing is due.
    const claimed: string[] = [];
    for (let batch = 0; batch < 50 && !claimed.includes(id); batch += 1) {
      const rows = await queryAs<{ id: string }>('service_role', 'select * from public.claim_email_outbox(100)');
      if (!rows.length) break;
      claimed.push(...rows.map((row) => row.id));
    }
    expect(claimed).toContain(id);
    expect(
      (await queryAs<{ id: string }>(admin2, 'select * from public.admin_list_failed_emails()')).map((row) => row.id),
    ).not.toContain(id);
    expect(await auditOf(id)).toEqual([{ action: 'email.resend', actor_id: admin2.id, target_user_id: member.id }]);
    // Resent: not failed any more, so neither action applies twice.
    expect(await errorOf(queryAs(admin2, 'select public.admin_resend_email($1)', [id]))).toEqual({
      code: 'P0002',
      message: 'operations.email_not_failed',
    });
  });

  it('"Odrzuć" gives a failed e-mail up: never claimed, not listed, audited', async () => {
    const id = await failedEmail();
    await queryAs(admin2, 'select public.admin_discard_email($1)', [id]);
    await admin().query('update private.email_outbox set attempts = 0 where id = $1', [id]);
    const claimed = await queryAs<{ id: string }>('service_role', 'select * from public.claim_email_outbox(100)');
    expect(claimed.map((row) => row.id)).not.toContain(id);
    expect(
      (await queryAs<{ id: string }>(admin2, 'select * from public.admin_list_failed_emails()')).map((row) => row.id),
    ).not.toContain(id);
    expect(await auditOf(id)).toEqual([{ action: 'email.discard', actor_id: admin2.id, target_user_id: member.id }]);
    expect(await errorOf(queryAs(admin2, 'select public.admin_discard_email($1)', [id]))).toEqual({
      code: 'P0002',
      message: 'operations.email_not_failed',
    });
  });
});

describe('operations: the admin area banner when the outbox itself fails (issue 40)', () => {
  checkLedgerAfterEachTest();

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  it('names the sender that stopped, e-mails waiting over an hour and e-mails that gave up; nothing when it works', async () => {
    const member = await createMember();
    await inRolledBack(async (sql, _health, as) => {
      const alert = async () =>
        (await as<{ check_key: string; value: string | null }>(adminUser, 'select * from public.admin_outbox_alert()'))
          .map((row) => row.check_key)
          .sort();
      expect(await alert()).toEqual([]);
      // A warning (the oldest waits 20 minutes) is not the outbox failing.
      await sql(
        `insert into private.email_outbox (template, user_id, to_email, next_attempt_at)
         values ('payment-confirmed', $1, $2, now() - interval '20 minutes')`,
        [member.id, member.email],
      );
      expect(await alert()).toEqual([]);
      await sql("update private.job_runs set last_success_at = now() - interval '1 hour' where job = 'send-outbox'");
      await sql("update private.email_outbox set next_attempt_at = now() - interval '2 hours' where user_id = $1", [
        member.id,
      ]);
      expect(await alert()).toEqual(['email.queue', 'job.send-outbox']);
      await sql('update private.email_outbox set attempts = 5 where user_id = $1', [member.id]);
      await sql("update private.job_runs set last_success_at = now() where job = 'send-outbox'");
      expect(await alert()).toEqual(['email.failed']);
      await sql('update private.email_outbox set discarded_at = now() where user_id = $1', [member.id]);
      expect(await alert()).toEqual([]);
    });
    expect(await errorOf(queryAs(member, 'select * from public.admin_outbox_alert()'))).toEqual({
      code: '42501',
      message: 'auth.forbidden',
    });
    expect(await sqlState(queryAs('anon', 'select * from public.admin_outbox_alert()'))).toBe('42501');
  });
});

describe('operations: following one request id (issue 40 §3)', () => {
  checkLedgerAfterEachTest();

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  it("finds the audit row, the e-mail and the gateway event a request left, oldest first; the e-mail's address masked", async () => {
    const member = await createMember({ email: `jan.request.${Date.now()}@klub.test` });
    const requestId = randomUUID().replaceAll('-', '');
    await rolledBack(async (sql, as) => {
      // An admin's write as PostgREST serves it: the audit row and the e-mail read the request's headers.
      await as(adminUser, 'select public.admin_credit_wallet($1, 12.5, $2, true)', [member.id, 'Premia'], {
        'x-request-id': requestId,
      });
      const [order] = await sql<{ id: string; reference: string }>(
        `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
         values (private.new_payment_reference(), $1, 'plan', 'START', 'transfer', 4997, 'PLN', now() + interval '1 day')
         returning id, reference`,
        [member.id],
      );
      await sql(
        `insert into public.payment_events (order_id, session_id, kind, outcome, request_id, error, created_at)
         values ($1, $2, 'verify', 'unreachable', $3, 'timeout', now() + interval '1 second')`,
        [order!.id, `${order!.reference}-1`, requestId],
      );
      await sql(
        `insert into private.email_outbox (template, user_id, to_email, request_id, attempts, last_error, created_at)
         values ('payment-confirmed', $1, $2, $3, 5, 'SMTP: Invalid login', now() + interval '2 seconds')`,
        [member.id, member.email, requestId],
      );
      const found = await as<{ source: string; summary: string; target: string; detail: string | null }>(
        adminUser,
        'select source, summary, target, detail from public.admin_find_request($1)',
        [` ${requestId} `],
      );
      expect(found.map((row) => [row.source, row.summary])).toEqual([
        ['audit', 'wallet.credit'],
        ['email', 'wallet-credited'],
        ['payment', 'verify: unreachable'],
        ['email', 'payment-confirmed'],
      ]);
      expect(found[0]).toMatchObject({ target: `wallet ${member.id}`, detail: adminUser.email });
      expect(found[2]).toMatchObject({ target: order!.reference, detail: 'timeout' });
      expect(found[3]!.detail).toBe('failed: SMTP: Invalid login');
      for (const row of found.filter((entry) => entry.source === 'email')) {
        expect(row.target).toBe('j…@klub.test');
      }
      expect(await as(adminUser, 'select * from public.admin_find_request($1)', ['0'.repeat(32)])).toEqual([]);
    });
    expect(await errorOf(queryAs(adminUser, 'select * from public.admin_find_request($1)', ['a b']))).toEqual({
      code: '22023',
      message: 'operations.invalid_request_id',
    });
    expect(await errorOf(queryAs(adminUser, 'select * from public.admin_find_request($1)', ['']))).toMatchObject({
      code: '22023',
    });
    expect(await errorOf(queryAs(member, 'select * from public.admin_find_request($1)', [requestId]))).toEqual({
      code: '42501',
      message: 'auth.forbidden',
    });
  });
});

describe("operations: the idea-webhook function's stored answer is audited with its request id (issue 40 §3)", () => {
  checkLedgerAfterEachTest();

  it('the function (service role) storing "Webhook request failed" writes one system row with the function and the id', async () => {
    const member = await createMember();
    const idea = await createIdea(member);
    const requestId = randomUUID().replaceAll('-', '');
    await rolledBack(async (sql, as) => {
      // As the function's store does it through PostgREST (the traced fetch sends both headers).
      await as(
        'service_role',
        "update public.app_ideas set webhook_response = 'Webhook request failed' where id = $1 and webhook_response is null",
        [idea.id],
        { 'x-request-id': requestId, 'x-function': 'idea-webhook' },
      );
      const rows = await sql(
        `select action, actor_kind, function_name, target_id, target_user_id, after
           from public.admin_audit_log where request_id = $1`,
        [requestId],
      );
      expect(rows).toEqual([
        {
          action: 'idea.webhook',
          actor_kind: 'system',
          function_name: 'idea-webhook',
          target_id: idea.id,
          target_user_id: member.id,
          after: { webhook_response: 'Webhook request failed' },
        },
      ]);
      expect(await as(adminUser, 'select source, summary from public.admin_find_request($1)', [requestId])).toEqual([
        { source: 'audit', summary: 'idea.webhook' },
      ]);
      // A stored answer is not written again (the function stores it once), so no second row.
      await as('service_role', "update public.app_ideas set webhook_response = 'x' where id = $1", [idea.id], {
        'x-request-id': requestId,
      });
      expect(await sql('select 1 from public.admin_audit_log where request_id = $1', [requestId])).toHaveLength(1);
    });
  });

  it("'Ponów': an admin lists the failed calls and clears one for the function to send again, audited; nobody else may", async () => {
    const member = await createMember();
    const idea = await createIdea(member);
    await admin().query("update public.app_ideas set webhook_response = 'Webhook request failed' where id = $1", [
      idea.id,
    ]);
    const listed = async () =>
      (
        await queryAs<{ id: string; author_email: string }>(
          adminUser,
          'select * from public.admin_list_failed_idea_webhooks()',
        )
      ).filter((row) => row.id === idea.id);
    expect(await listed()).toEqual([expect.objectContaining({ id: idea.id, author_email: member.email })]);
    for (const actor of [member, 'anon' as const]) {
      expect(await sqlState(queryAs(actor, 'select public.admin_retry_idea_webhook($1)', [idea.id]))).toBe('42501');
      expect(await sqlState(queryAs(actor, 'select * from public.admin_list_failed_idea_webhooks()'))).toBe('42501');
    }
    await queryAs(adminUser, 'select public.admin_retry_idea_webhook($1)', [idea.id]);
    const { rows } = await admin().query(
      'select webhook_response, webhook_claimed_at from public.app_ideas where id = $1',
      [idea.id],
    );
    expect(rows[0]).toEqual({ webhook_response: null, webhook_claimed_at: null });
    expect(await listed()).toEqual([]);
    // The function may claim it again (one call of the service).
    expect(
      (await queryAs<{ c: boolean }>('service_role', 'select public.claim_idea_webhook($1) as c', [idea.id]))[0]!.c,
    ).toBe(true);
    const audit = await admin().query(
      "select actor_id, before, after from public.admin_audit_log where action = 'idea.webhook_retry' and target_id = $1",
      [idea.id],
    );
    expect(audit.rows).toEqual([
      {
        actor_id: adminUser.id,
        before: { webhook_response: 'Webhook request failed' },
        after: { webhook_response: null },
      },
    ]);
    // Nothing failed now: a second retry is refused.
    expect(await errorOf(queryAs(adminUser, 'select public.admin_retry_idea_webhook($1)', [idea.id]))).toEqual({
      code: 'P0002',
      message: 'ideas.webhook_not_failed',
    });
  });

  beforeAll(async () => {
    adminUser = await createAdmin();
  });
});

describe('operations: scheduled jobs record their runs (issue 40)', () => {
  it('record_job_run: success and failure with its error; service role only; an unknown job is refused', async () => {
    const before = (await admin().query("select * from private.job_runs where job = 'send-outbox'")).rows[0];
    try {
      await queryAs('service_role', "select public.record_job_run('send-outbox', false, $1)", ['x'.repeat(900)]);
      let [row] = (await admin().query("select * from private.job_runs where job = 'send-outbox'")).rows;
      expect(row.last_error).toHaveLength(500);
      expect(Date.now() - row.last_failure_at.getTime()).toBeLessThan(60_000);
      await queryAs('service_role', "select public.record_job_run('send-outbox', true, null, $1)", [
        { smtpPolicy: { allowedPorts: [587], allowPrivateHosts: false } },
      ]);
      [row] = (await admin().query("select * from private.job_runs where job = 'send-outbox'")).rows;
      expect(Date.now() - row.last_success_at.getTime()).toBeLessThan(60_000);
      expect(row.details).toEqual({ smtpPolicy: { allowedPorts: [587], allowPrivateHosts: false } });
      expect(await errorOf(queryAs('service_role', "select public.record_job_run('sned-outbox', true)"))).toEqual({
        code: 'P0002',
        message: 'operations.unknown_job',
      });
      const member = await createMember();
      expect(await sqlState(queryAs(member, "select public.record_job_run('send-outbox', true)"))).toBe('42501');
      expect(await sqlState(queryAs('anon', "select public.record_job_run('send-outbox', true)"))).toBe('42501');
    } finally {
      await admin().query(
        "update private.job_runs set last_success_at = $1, last_failure_at = $2, last_error = $3, details = $4 where job = 'send-outbox'",
        [before.last_success_at, before.last_failure_at, before.last_error, before.details],
      );
    }
  });

  it('the scheduled SQL job records its run only when it succeeded (supabase/scheduled-jobs.json)', async () => {
    const { readFile } = await import('node:fs/promises');
    const file = JSON.parse(await readFile('supabase/scheduled-jobs.json', 'utf8')) as {
      jobs: { name: string; sql?: string }[];
    };
    const job = file.jobs.find((entry) => entry.name === 'membership-reminders')!;
    expect(job.sql).toContain("public.record_job_run('membership-reminders', true)");
    const client = await admin().connect();
    try {
      await client.query('begin');
      await client.query("update private.job_runs set last_success_at = null where job = 'membership-reminders'");
      await client.query('savepoint run');
      await client.query(job.sql!);
      const { rows } = await client.query(
        "select last_success_at from private.job_runs where job = 'membership-reminders'",
      );
      expect(rows[0].last_success_at).toBeInstanceOf(Date);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('operations: reminders that reach the member (issue 40 §2)', () => {
  checkLedgerAfterEachTest();

  type Mail = { template: string; variables: Record<string, string> };
  type Notice = { title: string; data: Record<string, unknown> };

  /** Each run is the scheduled job's, on the given day; the transaction is rolled back, so no other member's rows stay. */
  const helpers = (sql: Sql) => ({
    day: async (offset: number) =>
      (await sql<{ d: string }>('select (private.warsaw_today() + $1::int)::text as d', [offset]))[0]!.d,
    mails: async (userId: string, templates: string[]) =>
      sql<Mail>(
        'select template, variables from private.email_outbox where user_id = $1 and template = any ($2) order by id',
        [userId, templates],
      ),
    notices: async (userId: string, kinds: string[]) =>
      sql<Notice>(
        // One transaction has one now(): the reminders in the order they were due.
        `select title, data from public.notifications where user_id = $1 and data ->> 'kind' = any ($2)
          order by created_at, coalesce((data ->> 'daysLeft')::int, -1) desc, data ->> 'kind' desc`,
        [userId, kinds],
      ),
    emailPreference: async (userId: string, key: string, on: boolean) =>
      sql(
        'update public.user_settings set notification_preferences = notification_preferences || jsonb_build_object($2::text, $3::boolean) where user_id = $1',
        [userId, key, on],
      ),
  });

  const MEMBERSHIP_TEMPLATES = ['membership-ends-30', 'membership-ends-7', 'membership-ends-1', 'membership-ended'];
  const MEMBERSHIP_KINDS = ['membership_renewal', 'membership_expired'];

  it('membership: 30, 7 and 1 days before the end and after it, each once across two runs, in-app and by e-mail', async () => {
    const member = await createMember();
    const quiet = await createMember();
    await rolledBack(async (sql) => {
      const { day, mails, notices, emailPreference } = helpers(sql);
      const until = await day(30);
      // An admin's level edit (a direct write of the cache becomes periods with an audit row).
      for (const user of [member, quiet]) {
        await sql(
          "update public.profiles set membership_level = 'PREMIUM', membership_valid_until = $2::date where user_id = $1",
          [user.id, until],
        );
      }
      await emailPreference(quiet.id, 'membership_reminders', false);
      const run = async (offset: number) =>
        Number(
          (await sql<{ n: number }>('select private.run_membership_reminders($1::date) as n', [await day(offset)]))[0]!
            .n,
        );

      await run(-1); // 31 days before: nothing yet
      expect(await notices(member.id, MEMBERSHIP_KINDS)).toEqual([]);
      for (const offset of [0, 0, 5, 22]) await run(offset); // 30 days before, again, 25, 8 days before
      expect((await mails(member.id, MEMBERSHIP_TEMPLATES)).map((mail) => mail.template)).toEqual([
        'membership-ends-30',
      ]);
      for (const offset of [23, 23, 28]) await run(offset); // 7 days before, again, 2 days before
      for (const offset of [29, 29, 30]) await run(offset); // 1 day before, again, the last day
      for (const offset of [31, 31, 40]) await run(offset); // ended, again, later

      const sent = await mails(member.id, MEMBERSHIP_TEMPLATES);
      expect(sent.map((mail) => mail.template)).toEqual(MEMBERSHIP_TEMPLATES);
      const untilText = until.split('-').reverse().join('.');
      expect(sent.map((mail) => mail.variables)).toEqual([
        expect.objectContaining({ level: 'PREMIUM', valid_until: untilText, days: '30' }),
        expect.objectContaining({ level: 'PREMIUM', valid_until: untilText, days: '7' }),
        expect.objectContaining({ level: 'PREMIUM', valid_until: untilText, days: '1' }),
        expect.objectContaining({ level: 'PREMIUM', valid_until: untilText, days: '0' }),
      ]);
      expect(sent[0]!.variables.fname).toBeTruthy();
      const inApp = await notices(member.id, MEMBERSHIP_KINDS);
      expect(inApp.map((notice) => [notice.title, notice.data.reminder ?? null])).toEqual([
        ['Twoje członkostwo wkrótce wygaśnie', 'renewal_30'],
        ['Twoje członkostwo wkrótce wygaśnie', 'renewal_7'],
        ['Twoje członkostwo wkrótce wygaśnie', 'renewal_1'],
        ['Twoje członkostwo wygasło', null],
      ]);

      // 'Powiadomienia e-mail' off: the same four reminders in the app, no e-mail.
      expect(await notices(quiet.id, MEMBERSHIP_KINDS)).toHaveLength(4);
      expect(await mails(quiet.id, MEMBERSHIP_TEMPLATES)).toEqual([]);
    });
  });

  it('membership: a term set with 5 days left gets the 7-day reminder only; a farther one never follows a nearer one', async () => {
    const member = await createMember();
    await rolledBack(async (sql) => {
      const { day, mails } = helpers(sql);
      await sql(
        "update public.profiles set membership_level = 'START', membership_valid_until = $2::date where user_id = $1",
        [member.id, await day(5)],
      );
      await sql('select private.run_membership_reminders($1::date)', [await day(0)]);
      // A run for an earlier day (a clock set back, a late run) does not send the 30-day reminder after it.
      await sql('select private.run_membership_reminders($1::date)', [await day(-10)]);
      expect((await mails(member.id, MEMBERSHIP_TEMPLATES)).map((mail) => mail.template)).toEqual([
        'membership-ends-7',
      ]);
      // Switched on again: the next reminder is e-mailed as usual.
      await sql('select private.run_membership_reminders($1::date)', [await day(4)]);
      expect((await mails(member.id, MEMBERSHIP_TEMPLATES)).map((mail) => mail.template)).toEqual([
        'membership-ends-7',
        'membership-ends-1',
      ]);
    });
  });

  const ORDER_TEMPLATES = ['order-unpaid', 'order-expiring'];
  const ORDER_KINDS = ['order_unpaid', 'order_expiring'];

  it('an unpaid order: a reminder after a day and the day before it expires, each once across two runs', async () => {
    const member = await createMember();
    const quiet = await createMember();
    await rolledBack(async (sql) => {
      const { mails, notices, emailPreference } = helpers(sql);
      await emailPreference(quiet.id, 'payment_reminders', false);
      // Placed now, expiring in 7 days (the default); the runs look at later hours.
      const place = async (userId: string, expiry = '7 days', tier = 'START') =>
        (
          await sql<{ id: string; reference: string }>(
            `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
             values (private.new_payment_reference(), $1, 'plan', $3, 'transfer', 4997, 'PLN', now() + $2::interval)
             returning id, reference`,
            [userId, expiry, tier],
          )
        )[0]!;
      const order = await place(member.id);
      await place(quiet.id);
      const runAt = (later: string) =>
        sql('select private.run_order_reminders(now() + $1::interval)', [later]).then(() => undefined);

      for (const later of ['1 hour', '23 hours']) await runAt(later);
      expect(await notices(member.id, ORDER_KINDS)).toEqual([]);
      for (const later of ['1 day 1 hour', '1 day 2 hours', '3 days']) await runAt(later);
      expect((await mails(member.id, ORDER_TEMPLATES)).map((mail) => mail.template)).toEqual(['order-unpaid']);
      for (const later of ['6 days 1 hour', '6 days 2 hours', '6 days 23 hours']) await runAt(later);
      await runAt('8 days'); // expired by then: nothing more

      const sent = await mails(member.id, ORDER_TEMPLATES);
      expect(sent.map((mail) => mail.template)).toEqual(['order-unpaid', 'order-expiring']);
      expect(sent[0]!.variables).toMatchObject({
        reference: order.reference,
        item: 'Plan START',
        amount: '4997.00 PLN',
      });
      expect(sent[0]!.variables.expires_at).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
      expect((await notices(member.id, ORDER_KINDS)).map((notice) => [notice.title, notice.data.reference])).toEqual([
        ['Czekamy na Twoją płatność', order.reference],
        ['Płatność wkrótce wygaśnie', order.reference],
      ]);
      expect(await notices(quiet.id, ORDER_KINDS)).toHaveLength(2);
      expect(await mails(quiet.id, ORDER_TEMPLATES)).toEqual([]);

      // A one-day order: one reminder, half a day in (not at once).
      const short = await place(member.id, '1 day', 'VIP');
      await runAt('1 hour');
      await sql("update public.payment_orders set created_at = now() - interval '13 hours' where id = $1", [short.id]);
      await runAt('0 seconds');
      await runAt('1 hour');
      expect((await mails(member.id, ORDER_TEMPLATES)).map((mail) => mail.variables.reference)).toEqual([
        order.reference,
        order.reference,
        short.reference,
      ]);
      expect((await mails(member.id, ORDER_TEMPLATES)).at(-1)!.template).toBe('order-expiring');

      // A cancelled order gets none.
      const cancelled = await place(member.id, '7 days', 'PREMIUM');
      await sql(
        "update public.payment_orders set status = 'cancelled', cancel_reason = 'member', decided_at = now() where id = $1",
        [cancelled.id],
      );
      await runAt('3 days');
      expect((await mails(member.id, ORDER_TEMPLATES)).map((mail) => mail.variables.reference)).not.toContain(
        cancelled.reference,
      );
    });
  });

  it('the reminders run with the hourly payment jobs, which record their run', async () => {
    await rolledBack(async (sql) => {
      const [result] = await sql<{ r: Record<string, number> }>('select private.run_payment_jobs() as r');
      expect(Object.keys(result!.r).sort()).toEqual(['expired', 'reminded', 'rolled']);
    });
    expect(await sqlState(queryAs(await createMember(), 'select private.run_order_reminders()'))).toBe('42501');
  });
});
