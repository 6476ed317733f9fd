// 'Stan systemu' (issue 40 §1): each health check is seeded into its problem and cleared back to OK,
// inside one transaction that is rolled back, so what other test files left in the shared database
// neither helps nor hurts (the transaction first brings every watched table to a healthy state).
// Then the problems' first/last seen, the failed e-mails' 'Wyślij ponownie' and 'Odrzuć' (audited),
// and the scheduled jobs' record of their runs.
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
import { checkLedgerAfterEachTest, pendingWithdrawal } from '../helpers/money-factories.ts';

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

/**
 * Runs `fn` in one transaction that is rolled back: `sql` as the database owner, `health()` as the
 * admin through PostgREST's role and claims.
 */
async function inRolledBack(fn: (sql: Sql, health: () => Promise<Map<string, Check>>) => Promise<void>) {
  const client = await admin().connect();
  const sql: Sql = async (text, params) => (await client.query(text, params)).rows;
  const health = async () => {
    const claims = claimsOf(adminUser);
    await client.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
      JSON.stringify(claims),
    ]);
    try {
      const { rows } = await client.query<Check>('select * from public.admin_system_health()');
      return new Map(rows.map((row) => [row.check_key, row]));
    } finally {
      await client.query('reset role');
    }
  };
  try {
    await client.query('begin');
    // Everything watched is healthy to begin with.
    await sql('update private.job_runs set last_success_at = now(), last_error = null, details = $1', [
      { smtpPolicy: { allowedPorts: [465, 587], allowPrivateHosts: false } },
    ]);
    await sql('update private.email_outbox set sent_at = now() where sent_at is null');
    await sql("update public.withdrawals set created_at = now() where status = 'pending'");
    await sql(PAYOUT_RUN_TODAY);
    await sql('delete from public.referral_commissions');
    await sql("update public.app_ideas set webhook_response = null where webhook_response = 'Webhook request failed'");
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
    await fn(sql, health);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
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
        'job.health-checks',
        'job.membership-reminders',
        'job.send-outbox',
        'money.commissions',
        'money.payout_run',
        'money.withdrawals',
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
