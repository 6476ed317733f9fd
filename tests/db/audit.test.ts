import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createIdea } from '../helpers/content-factories.ts';
import {
  admin,
  asActor,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  type Actor,
  type TestUser,
} from '../helpers/db.ts';
import { ledgerMismatches, pendingWithdrawal, txHash, walletAddress } from '../helpers/money-factories.ts';

// Money operations (issue 20): the ledger history with balances after, cancelling a withdrawal
// (racing a settlement), saved addresses, admin credit/debit, payout runs, notification
// preferences, and the audit row every admin write appends.
interface AuditRow {
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_user_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Audit rows appended after `sinceId`, oldest first. */
async function auditSince(sinceId: number): Promise<AuditRow[]> {
  const { rows } = await admin().query<AuditRow>(
    `select actor_id, action, target_type, target_id, target_user_id, before, after
       from public.admin_audit_log where id > $1 order by id`,
    [sinceId],
  );
  return rows;
}

async function lastAuditId(): Promise<number> {
  const { rows } = await admin().query<{ id: string | null }>('select max(id) as id from public.admin_audit_log');
  return Number(rows[0]?.id ?? 0);
}

describe('money operations', () => {
  let member: TestUser;
  let otherMember: TestUser;

  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
    adminUser = await createAdmin();
  });

  afterEach(async () => {
    expect(await ledgerMismatches()).toEqual([]);
  });

  describe('audit trail coverage', () => {
    it('records an admin level change and user edits of others, never a member editing their own profile', async () => {
      const target = await createMember();
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_update_user($1, 'Nowe Imię', null, 'VIP', null)`, [target.id]);
      await queryAs(target, `select public.update_user_profile($1, p_full_name => 'Sam Zmieniam')`, [target.id]);
      await queryAs(adminUser, 'select public.admin_confirm_email($1)', [target.id]);
      await queryAs(adminUser, 'select public.admin_update_user($1, p_email_confirmed => false)', [target.id]);
      const rows = await auditSince(since);
      // The level edit has its own row (membership.edit, with the reason when given), then the profile's.
      expect(rows.map((r) => r.action)).toEqual(['membership.edit', 'profiles.update', 'user.unconfirm_email']);
      expect(rows[1]).toMatchObject({
        actor_id: adminUser.id,
        target_user_id: target.id,
        before: { full_name: expect.any(String), membership_level: 'FREE' },
        after: { full_name: 'Nowe Imię', membership_level: 'VIP' },
      });
    });

    it('records e-mail confirmation, CCC assignment and removal, deletion, settlement', async () => {
      const target = await createMember({ confirmed: false });
      const since = await lastAuditId();
      await queryAs(adminUser, 'select public.admin_confirm_email($1)', [target.id]);
      const [assignment] = await queryAs<{ id: string }>(
        adminUser,
        `select id from public.admin_assign_ccc_package($1, 'START', 1)`,
        [target.id],
      );
      await queryAs(adminUser, 'select public.admin_remove_ccc_assignment($1)', [assignment!.id]);
      const withdrawal = await pendingWithdrawal(target, 3);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
      const other = await pendingWithdrawal(target, 2);
      await queryAs(adminUser, `select public.admin_fail_withdrawal($1, 'Sieć niedostępna')`, [other.id]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 2, 'Zwrot do klubu')`, [target.id]);
      await queryAs(adminUser, 'select * from public.admin_delete_user($1)', [target.id]);
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual([
        'user.confirm_email',
        'ccc_assignments.insert',
        'ccc_assignments.delete',
        'withdrawal.complete',
        'withdrawal.fail',
        'wallet.debit',
        'user.delete',
      ]);
      expect(rows.every((r) => r.actor_id === adminUser.id)).toBe(true);
      expect(rows.at(-1)).toMatchObject({ target_user_id: target.id, before: { email: target.email } });
    });

    it('records admin content writes (apps, announcements, settings, templates, links, revenue, SMTP without the password)', async () => {
      const since = await lastAuditId();
      await asActor(adminUser, async (q) => {
        const [app] = await q<{ id: string }>(
          `insert into public.apps (name, description, category)
           values ('Audyt', 'Opis', (select enum_range(null::public.app_category))[1]) returning id`,
        );
        await q(`update public.apps set name = 'Audyt 2' where id = $1`, [app!.id]);
        await q(`delete from public.apps where id = $1`, [app!.id]);
        const [ann] = await q<{ id: string }>(
          `insert into public.announcements (content) values ('Ogłoszenie') returning id`,
        );
        await q(`delete from public.announcements where id = $1`, [ann!.id]);
        await q(`update public.site_settings set site_description = site_description || ' '`);
        await q(`insert into public.ecommerce_revenue (amount) values (10)`);
        await q(`update public.email_templates set subject = subject || '!' where name = 'magic-link'`);
        await q(`update public.plan_payment_links set url = url where false`);
      });
      await queryAs(
        adminUser,
        `select public.admin_upsert_smtp_config(null, 'Audyt SMTP', 'smtp.example.com', 587, 'user', 'TajneHaslo123', 'a@example.com', 'Klub', false)`,
      );
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual([
        'apps.insert',
        'apps.update',
        'apps.delete',
        'announcements.insert',
        'announcements.delete',
        'site_settings.update',
        'ecommerce_revenue.insert',
        'email_templates.update',
        'smtp_configs.insert',
      ]);
      expect(rows[1]).toMatchObject({ before: { name: 'Audyt' }, after: { name: 'Audyt 2' } });
      const smtp = JSON.stringify(rows.at(-1));
      expect(smtp).not.toContain('TajneHaslo123');
      expect(smtp).not.toContain('password');
      expect(smtp).toContain('smtp.example.com');
    });

    it('records ideas moderation, a rejected payment and payment link edits (plans and CCC), each by its admin', async () => {
      const author = await createMember();
      const approved = await createIdea(author);
      const deleted = await createIdea(author);
      const [order] = await queryAs<{ id: string }>(
        author,
        `select id from public.create_payment_order(p_method => 'transfer', p_plan_tier => 'START')`,
      );
      // Tiers no other test file writes links for (payment-links.test.ts: PREMIUM, VIP, GOLD, SILVER).
      const links = [
        { table: 'plan_payment_links', tier: 'START' },
        { table: 'ccc_payment_links', tier: 'BRONZE' },
      ];
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_set_idea_status($1, 'approved')`, [approved.id]);
      await queryAs(adminUser, 'select public.admin_delete_idea($1)', [deleted.id]);
      await queryAs(adminUser, `select * from public.admin_reject_payment($1, 'Brak przelewu')`, [order!.id]);
      await asActor(adminUser, async (q) => {
        for (const link of links) {
          await q(
            `insert into public.${link.table} (tier, method, url) values ($1, 'acc', 'https://pay.example.com/a')`,
            [link.tier],
          );
          await q(
            `update public.${link.table} set url = 'https://pay.example.com/b' where tier = $1 and method = 'acc'`,
            [link.tier],
          );
          await q(`delete from public.${link.table} where tier = $1 and method = 'acc'`, [link.tier]);
        }
      });
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual([
        'app_ideas.update',
        'app_ideas.delete',
        'payment.reject',
        'plan_payment_links.insert',
        'plan_payment_links.update',
        'plan_payment_links.delete',
        'ccc_payment_links.insert',
        'ccc_payment_links.update',
        'ccc_payment_links.delete',
      ]);
      expect(rows.every((r) => r.actor_id === adminUser.id)).toBe(true);
      expect(rows[0]).toMatchObject({
        target_id: approved.id,
        before: { status: 'pending' },
        after: { status: 'approved' },
      });
      expect(rows[2]).toMatchObject({
        target_user_id: author.id,
        after: expect.objectContaining({ status: 'rejected' }),
      });
      expect(rows[4]).toMatchObject({
        before: { url: 'https://pay.example.com/a' },
        after: { url: 'https://pay.example.com/b' },
      });
    });

    it("keeps members' own writes out (ideas, settings, addresses, withdrawals)", async () => {
      const since = await lastAuditId();
      await queryAs(member, `update public.user_settings set theme = 'light' where user_id = $1`, [member.id]);
      await queryAs(
        member,
        `insert into public.withdrawal_addresses (label, network, address) values ('Mój', 'BSC', $1)`,
        [walletAddress()],
      );
      const withdrawal = await pendingWithdrawal(member, 1);
      await queryAs(member, 'select public.cancel_withdrawal($1)', [withdrawal.id]);
      expect(await auditSince(since)).toEqual([]);
    });
  });

  describe("'Dziennik zmian' filters", () => {
    it('admin_list_audit_actors: the distinct admins of the trail, in order, for admins at aal2 only', async () => {
      const secondAdmin = await createAdmin();
      const owner = await createMember();
      for (const actor of [adminUser, secondAdmin, adminUser]) {
        await queryAs(actor, `select public.admin_adjust_wallet($1, 'credit', 1, 'Filtr')`, [owner.id]);
      }
      const actors = (
        await queryAs<{ actor_email: string }>(adminUser, 'select * from public.admin_list_audit_actors()')
      ).map((row) => row.actor_email);
      expect(actors).toEqual([...new Set(actors)].sort());
      expect(actors).toEqual(expect.arrayContaining([adminUser.email.toLowerCase(), secondAdmin.email.toLowerCase()]));
      expect(actors).not.toContain(owner.email.toLowerCase());

      const aal1Admin = await createAdmin({ aal: 'aal1' });
      for (const actor of [member, otherMember, aal1Admin] as Actor[]) {
        expect(await errorOf(queryAs(actor, 'select * from public.admin_list_audit_actors()'))).toMatchObject({
          code: '42501',
          message: 'auth.forbidden',
        });
      }
      expect(await sqlState(queryAs('anon', 'select * from public.admin_list_audit_actors()'))).toBe('42501');
    });

    it('a member found by name or e-mail (admin_list_users) narrows the trail with the action and the days', async () => {
      const owner = await createMember({ fullName: 'Zdzisława Filtrowa' });
      const bystander = await createMember();
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 10, 'Pierwsza')`, [owner.id]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 4, 'Druga')`, [owner.id]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 3, 'Obok')`, [bystander.id]);
      await queryAs(adminUser, `select public.admin_update_user($1, p_full_name => 'Zdzisława Filtrowa-Nowa')`, [
        owner.id,
      ]);
      const times = (
        await admin().query<{ action: string; created_at: Date }>(
          'select action, created_at from public.admin_audit_log where id > $1 and target_user_id = $2 order by id',
          [since, owner.id],
        )
      ).rows;
      expect(times.map((row) => row.action)).toEqual(['wallet.credit', 'wallet.debit', 'profiles.update']);
      const [, debitAt, updateAt] = times.map((row) => row.created_at);

      for (const search of ['filtrowa', owner.email.slice(0, 12).toUpperCase()]) {
        const found = await queryAs<{ user_id: string; full_name: string; email: string }>(
          adminUser,
          `select user_id, full_name, email from public.admin_list_users(p_search => $1, p_sort => 'name', p_ascending => true, p_limit => 8)`,
          [search],
        );
        expect(found.map((row) => row.user_id)).toEqual([owner.id]);
      }

      const trail = (where: string, params: unknown[]) =>
        queryAs<{ action: string; target_user_id: string }>(
          adminUser,
          `select action, target_user_id from public.admin_audit_log where ${where} order by created_at desc, id desc`,
          params,
        );
      expect((await trail('target_user_id = $1', [owner.id])).map((row) => row.action)).toEqual([
        'profiles.update',
        'wallet.debit',
        'wallet.credit',
      ]);
      expect(
        (
          await trail(`target_user_id = $1 and action like 'wallet.%' and created_at >= $2 and created_at < $3`, [
            owner.id,
            debitAt,
            updateAt,
          ])
        ).map((row) => row.action),
      ).toEqual(['wallet.debit']);
      expect(
        (
          await trail(`target_user_id = $1 and actor_email = $2 and action like 'wallet.%'`, [
            owner.id,
            adminUser.email.toLowerCase(),
          ])
        ).map((row) => row.action),
      ).toEqual(['wallet.debit', 'wallet.credit']);
      // Members read none of it, their own rows included.
      expect(await queryAs(owner, 'select * from public.admin_audit_log')).toEqual([]);
    });
  });
});

// The shared pieces of membership terms and the audit trail: the effective level at the boundary
// day, and an audit log that admins read, members never see, and nobody can change or delete.
describe('terms and audit', () => {
  describe('public.admin_audit_log', () => {
    it('is appended by private.audit with only the changed fields, and read by admins only', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      const target = await createMember();
      // As an admin function would run it: inside the admin's request, with the admin's claims.
      const client = await admin().connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(adminUser.claims)]);
        await client.query(
          `select private.audit('user.level', 'profile', $1::text, $1::uuid,
                '{"membership_level":"FREE","full_name":"A"}', '{"membership_level":"VIP","full_name":"A"}')`,
          [target.id],
        );
        await client.query('commit');
      } finally {
        client.release();
      }

      const seen = await queryAs<{ actor_id: string; actor_email: string; before: unknown; after: unknown }>(
        adminUser,
        `select actor_id, actor_email, before, after from public.admin_audit_log where target_user_id = $1`,
        [target.id],
      );
      expect(seen).toEqual([
        {
          actor_id: adminUser.id,
          actor_email: adminUser.email,
          before: { membership_level: 'FREE' },
          after: { membership_level: 'VIP' },
        },
      ]);
      expect(await queryAs(member, `select id from public.admin_audit_log`)).toEqual([]);
      expect(await sqlState(queryAs('anon', `select id from public.admin_audit_log`))).toBe('42501');
    });

    it('cannot be written, changed or deleted through the API, nor changed by the table owner', async () => {
      const adminUser = await createAdmin();
      expect(
        await sqlState(
          queryAs(adminUser, `insert into public.admin_audit_log (action, target_type) values ('x.y', 'profile')`),
        ),
      ).toBe('42501');
      expect(await sqlState(queryAs(adminUser, `update public.admin_audit_log set action = 'x.z'`))).toBe('42501');
      expect(await sqlState(queryAs(adminUser, `delete from public.admin_audit_log`))).toBe('42501');
      expect(await sqlState(queryAs(adminUser, `select private.audit('x.y', 'p', null, null, null, null)`))).toBe(
        '42501',
      );

      await admin().query(`select private.audit('test.row', 'test', null, null, null, null)`);
      const changed = await errorOf(admin().query(`update public.admin_audit_log set action = 'test.changed'`));
      expect(changed?.message).toBe('audit.append_only');
      const deleted = await errorOf(admin().query(`delete from public.admin_audit_log where action = 'test.row'`));
      expect(deleted?.message).toBe('audit.append_only');
      const truncated = await errorOf(admin().query(`truncate public.admin_audit_log`));
      expect(truncated?.message).toBe('audit.append_only');
    });
  });
});
