import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addIdeaComment,
  addPostComment,
  createIdea,
  createPost,
  storeIdeaImage,
} from '../helpers/content-factories.ts';
import {
  admin,
  asActor,
  authenticator,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  type Actor,
  type TestUser,
} from '../helpers/db.ts';
import {
  claimWithdrawal,
  ledgerMismatches,
  pendingWithdrawal,
  txHash,
  walletAddress,
} from '../helpers/money-factories.ts';
import { auditChainState } from '../setup/audit-chain.ts';

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
       from public.admin_audit_entries where id > $1 order by id`,
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
      await claimWithdrawal(adminUser, withdrawal.id);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
      const other = await pendingWithdrawal(target, 2);
      await claimWithdrawal(adminUser, other.id);
      await queryAs(adminUser, `select public.admin_fail_withdrawal($1, 'Sieć niedostępna')`, [other.id]);
      await queryAs(
        adminUser,
        `select public.admin_adjust_wallet($1, 'debit', 2, 'Zwrot do klubu', gen_random_uuid())`,
        [target.id],
      );
      await queryAs(adminUser, `select public.admin_delete_user($1, 'Na prośbę członka')`, [target.id]);
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual([
        'user.confirm_email',
        'ccc_assignments.insert',
        'ccc_assignments.delete',
        'withdrawal.claim',
        'withdrawal.complete',
        'withdrawal.claim',
        'withdrawal.fail',
        'wallet.debit',
        'user.delete',
      ]);
      expect(rows.every((r) => r.actor_id === adminUser.id)).toBe(true);
      // The deletion records its reason; the account's e-mail is erased with it (privacy).
      expect(rows.at(-1)).toMatchObject({
        target_user_id: target.id,
        before: null,
        after: { reason: 'Na prośbę członka' },
      });
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
        `select id from public.create_payment_order(p_method => 'transfer', p_plan_tier => 'START', p_consent_text => 'Zgoda (test)')`,
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
        await queryAs(actor, `select public.admin_adjust_wallet($1, 'credit', 1, 'Filtr', gen_random_uuid())`, [
          owner.id,
        ]);
      }
      const options = await queryAs<{ actor_id: string; actor_email: string }>(
        adminUser,
        'select * from public.admin_list_audit_actors()',
      );
      const actors = options.map((row) => row.actor_email);
      expect(actors).toEqual([...new Set(actors)].sort());
      // Each option's id is the admin's, the trail's filter.
      expect(options.find((row) => row.actor_email === secondAdmin.email)?.actor_id).toBe(secondAdmin.id);
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

    it('admin_list_audit_actions: the distinct actions of the trail, in order, for admins at aal2 only', async () => {
      const owner = await createMember();
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 2, 'Akcje', gen_random_uuid())`, [
        owner.id,
      ]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 1, 'Akcje', gen_random_uuid())`, [
        owner.id,
      ]);
      const actions = (
        await queryAs<{ action: string }>(adminUser, 'select * from public.admin_list_audit_actions()')
      ).map((row) => row.action);
      const { rows } = await admin().query<{ action: string }>(
        'select distinct action from public.admin_audit_log order by action',
      );
      expect(actions).toEqual(rows.map((row) => row.action));
      expect(actions).toEqual(expect.arrayContaining(['wallet.credit', 'wallet.debit']));
      for (const actor of [member, await createAdmin({ aal: 'aal1' })] as Actor[]) {
        expect(await errorOf(queryAs(actor, 'select * from public.admin_list_audit_actions()'))).toMatchObject({
          code: '42501',
          message: 'auth.forbidden',
        });
      }
    });

    it('a member found by name or e-mail (admin_list_users) narrows the trail with the action and the days', async () => {
      const owner = await createMember({ fullName: 'Zdzisława Filtrowa' });
      const bystander = await createMember();
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 10, 'Pierwsza', gen_random_uuid())`, [
        owner.id,
      ]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 4, 'Druga', gen_random_uuid())`, [
        owner.id,
      ]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 3, 'Obok', gen_random_uuid())`, [
        bystander.id,
      ]);
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
          `select action, target_user_id from public.admin_audit_entries where ${where} order by created_at desc, id desc`,
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
      for (const table of ['admin_audit_log', 'admin_audit_entries', 'admin_audit_personal']) {
        expect(await queryAs(owner, `select * from public.${table}`)).toEqual([]);
      }
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
        `select actor_id, actor_email, before, after from public.admin_audit_entries where target_user_id = $1`,
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
      const truncated = await errorOf(admin().query(`truncate public.admin_audit_log cascade`));
      expect(truncated?.message).toBe('audit.append_only');
    });
  });
});

// Issue 35: the gaps closed (SMTP password, comment and file deletions, notifications, service-role
// writes), the hash chain (linked at commit, verified, its head published), personal values beside
// the rows, and migrations that never switch the guards off.
describe('audit trail: gaps, chain, personal values', () => {
  let adminUser: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    adminUser = await createAdmin();
    member = await createMember();
  });

  interface LoggedRow extends AuditRow {
    id: string;
    actor_kind: string;
    function_name: string | null;
    request_id: string | null;
    chain_seq: string | null;
    row_hash: string | null;
  }

  /** The rows as written in admin_audit_log (no personal values), oldest first. */
  async function loggedSince(sinceId: number): Promise<LoggedRow[]> {
    const { rows } = await admin().query<LoggedRow>('select * from public.admin_audit_log where id > $1 order by id', [
      sinceId,
    ]);
    return rows;
  }

  describe('gaps closed', () => {
    it('records a password-only SMTP change as password_changed, never the secret', async () => {
      const args = `'Audyt SMTP 2', 'smtp2.example.com', 587, 'user2', $2, 'b@example.com', 'Klub', false`;
      const [config] = await queryAs<{ id: string }>(
        adminUser,
        `select id from public.admin_upsert_smtp_config(null, ${args.replace('$2', '$1')})`,
        ['PierwszeHaslo1'],
      );
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_upsert_smtp_config($1, ${args})`, [config!.id, 'DrugieHaslo22']);
      const rows = await auditSince(since);
      expect(rows).toEqual([
        expect.objectContaining({
          action: 'smtp_configs.update',
          target_id: config!.id,
          before: { password_changed: false },
          after: { password_changed: true },
        }),
      ]);
      expect(JSON.stringify(rows)).not.toMatch(/PierwszeHaslo1|DrugieHaslo22/);
      // Saving again with the same password is no change.
      await queryAs(adminUser, `select public.admin_upsert_smtp_config($1, ${args})`, [config!.id, 'DrugieHaslo22']);
      expect(await auditSince(since)).toHaveLength(1);
    });

    it("records an admin deleting others' idea and post comments and stored files, not members deleting their own", async () => {
      const author = await createMember();
      const idea = await createIdea(author);
      const ideaComment = await addIdeaComment(idea.id, author, 'Komentarz do usunięcia');
      const ownComment = await addIdeaComment(idea.id, member, 'Mój komentarz');
      const post = await createPost(adminUser);
      const postComment = await addPostComment(post.id, author, 'Wpis do usunięcia');
      const image = await storeIdeaImage(author, { bucket: 'avatars' });
      const ownAvatar = await storeIdeaImage(member, { bucket: 'avatars' });
      const since = await lastAuditId();

      await queryAs(member, 'delete from public.idea_comments where id = $1', [ownComment.id]);
      await queryAs(member, `delete from storage.objects where bucket_id = 'avatars' and name = $1`, [ownAvatar.path]);
      await queryAs(adminUser, 'delete from public.idea_comments where id = $1', [ideaComment.id]);
      await queryAs(adminUser, 'delete from public.post_comments where id = $1', [postComment.id]);
      const [removed] = await queryAs<{ id: string }>(
        adminUser,
        `delete from storage.objects where bucket_id = 'avatars' and name = $1 returning id`,
        [image.path],
      );

      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual(['idea_comments.delete', 'post_comments.delete', 'objects.delete']);
      expect(rows.every((r) => r.actor_id === adminUser.id)).toBe(true);
      expect(rows[0]).toMatchObject({
        target_id: ideaComment.id,
        target_user_id: author.id,
        before: expect.objectContaining({ content: 'Komentarz do usunięcia', idea_id: idea.id }),
        after: null,
      });
      expect(rows[1]).toMatchObject({ target_id: postComment.id, target_user_id: author.id });
      expect(rows[2]).toMatchObject({
        target_type: 'objects',
        target_id: removed!.id,
        before: expect.objectContaining({ bucket_id: 'avatars', name: image.path, owner_id: author.id }),
      });
      expect(Object.keys(rows[2]!.before!)).not.toContain('metadata');
    });

    it('records notifications an admin inserts, but not the ones an audited admin function sends', async () => {
      const since = await lastAuditId();
      await queryAs(
        adminUser,
        `insert into public.notifications (user_id, type, title, content) values ($1, 'system', 'Przerwa techniczna', 'W nocy')`,
        [member.id],
      );
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 5, 'Premia', gen_random_uuid())`, [
        member.id,
      ]);
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual(['notifications.insert', 'wallet.credit']);
      expect(rows[0]).toMatchObject({
        actor_id: adminUser.id,
        target_user_id: member.id,
        after: expect.objectContaining({ type: 'system', title: 'Przerwa techniczna' }),
      });
    });

    it("records service-role writes as 'system' with the function's name and the request id of the headers", async () => {
      const owner = await createMember();
      const since = await lastAuditId();
      const headers = (fn: string, requestId: string) =>
        JSON.stringify({ 'x-function': fn, 'x-request-id': requestId, 'content-type': 'application/json' });
      await asActor('service_role', async (q) => {
        await q(`select set_config('request.headers', $1, true)`, [headers('payment-webhook', 'req-7f3a')]);
        await q(`update public.site_settings set site_description = site_description || ' '`);
        await q(
          `insert into public.notifications (user_id, type, title) values ($1, 'message', 'Wiadomość od systemu')`,
          [owner.id],
        );
      });
      // A header that is not a function name is not recorded as one.
      await asActor('service_role', async (q) => {
        await q(`select set_config('request.headers', $1, true)`, [headers('Zła nazwa; drop', 'req 1')]);
        await q(`insert into public.notifications (user_id, type, title) values ($1, 'message', 'Druga')`, [owner.id]);
      });
      // An admin's request keeps its id too.
      await asActor(adminUser, async (q) => {
        await q(`select set_config('request.headers', $1, true)`, [headers('payment-webhook', 'req-admin-1')]);
        await q(`select public.admin_adjust_wallet($1, 'credit', 1, 'Ręcznie', gen_random_uuid())`, [owner.id]);
      });
      const rows = await loggedSince(since);
      expect(
        rows.map((r) => [r.action, r.actor_kind, r.actor_id, r.function_name, r.request_id, r.target_user_id]),
      ).toEqual([
        ['site_settings.update', 'system', null, 'payment-webhook', 'req-7f3a', null],
        ['notifications.insert', 'system', null, 'payment-webhook', 'req-7f3a', owner.id],
        ['notifications.insert', 'system', null, null, null, owner.id],
        ['wallet.credit', 'admin', adminUser.id, null, 'req-admin-1', owner.id],
      ]);
      // Both are inside the hash: the chain verifies with them, and a changed name would not.
      expect(rows.every((r) => r.row_hash !== null)).toBe(true);
      expect((await auditChainState()).intact).toBe(true);
    });
  });

  describe('hash chain', () => {
    it('links every row when its transaction commits, in commit order; an open transaction holds up no other admin', async () => {
      const [first, second] = [await createMember(), await createMember()];
      const since = await lastAuditId();
      const long = await authenticator().connect();
      try {
        await long.query('begin');
        await long.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [JSON.stringify(adminUser.claims)],
        );
        await long.query(`select public.admin_adjust_wallet($1, 'credit', 3, 'Długa transakcja', gen_random_uuid())`, [
          first.id,
        ]);
        const { rows: pending } = await long.query<{ chain_seq: string | null; row_hash: string | null }>(
          'select chain_seq, row_hash from public.admin_audit_log where id > $1',
          [since],
        );
        expect(pending).toEqual([{ chain_seq: null, row_hash: null }]);

        // Another admin's write commits (and links) while the first transaction is still open.
        const started = performance.now();
        await Promise.race([
          queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 4, 'Krótka', gen_random_uuid())`, [
            second.id,
          ]),
          new Promise((_, reject) => setTimeout(() => reject(new Error('blocked by the open transaction')), 5_000)),
        ]);
        expect(performance.now() - started).toBeLessThan(5_000);
        await long.query('commit');
      } finally {
        long.release();
      }
      const rows = await loggedSince(since);
      expect(rows.map((r) => r.target_user_id)).toEqual([first.id, second.id]);
      const [longRow, shortRow] = rows;
      expect(Number(shortRow!.chain_seq)).toBe(Number(longRow!.chain_seq) - 1);
      const chain = await auditChainState();
      expect(chain).toMatchObject({ intact: true, head_seq: longRow!.chain_seq, head_hash: longRow!.row_hash });
    });

    it('links concurrent commits one after the other into one unbroken chain', async () => {
      const owners = await Promise.all(Array.from({ length: 8 }, () => createMember()));
      const since = await lastAuditId();
      await Promise.all(
        owners.map((owner, i) =>
          queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', $2, 'Równolegle', gen_random_uuid())`, [
            owner.id,
            i + 1,
          ]),
        ),
      );
      const rows = await loggedSince(since);
      expect(rows).toHaveLength(8);
      const seqs = rows.map((r) => Number(r.chain_seq)).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 8 }, (_, i) => seqs[0]! + i));
      expect(await auditChainState()).toMatchObject({ intact: true, problem: null });
    });

    it('shows a changed, removed or unlinked row, and a rewritten chain against the published head', async () => {
      const owner = await createMember();
      const since = await lastAuditId();
      for (const amount of [1, 2, 3]) {
        await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', $2, 'Łańcuch', gen_random_uuid())`, [
          owner.id,
          amount,
        ]);
      }
      const [a, b, c] = await loggedSince(since);
      const client = await admin().connect();
      const state = () => auditChainState(client);
      try {
        await client.query('begin');
        // The table owner switches the guard off, as a migration once did on the ledger.
        await client.query('alter table public.admin_audit_log disable trigger user');
        await client.query('savepoint clean');

        await client.query(`update public.admin_audit_log set after = '{"amount": 300}' where id = $1`, [b!.id]);
        expect(await state()).toMatchObject({ intact: false, problem: 'hash', broken_id: b!.id });
        await client.query('rollback to savepoint clean');

        await client.query('delete from public.admin_audit_personal where audit_id = $1', [b!.id]);
        await client.query('delete from public.admin_audit_log where id = $1', [b!.id]);
        expect(await state()).toMatchObject({ intact: false, problem: 'link', broken_id: c!.id });
        await client.query('rollback to savepoint clean');

        await client.query(`update public.admin_audit_log set actor_id = null where id = $1`, [a!.id]);
        expect(await state()).toMatchObject({ intact: false, problem: 'hash', broken_seq: a!.chain_seq });
        await client.query('rollback to savepoint clean');

        // A row written while the linking trigger was off, by a transaction that committed (its start
        // time is not this transaction's): never linked. This transaction's own rows are linked at its
        // commit, so they are not a break.
        const [unlinked] = (
          await client.query<{ id: string }>(
            `insert into public.admin_audit_log (created_at, action, target_type)
             values (now() - interval '1 minute', 'wallet.credit', 'wallet') returning id`,
          )
        ).rows;
        expect(await state()).toMatchObject({ intact: false, problem: 'unlinked', broken_id: unlinked!.id });
        await client.query('rollback to savepoint clean');
        await client.query(
          `insert into public.admin_audit_log (action, target_type) values ('wallet.credit', 'wallet')`,
        );
        expect(await state()).toMatchObject({ intact: true });
        await client.query('rollback to savepoint clean');

        // The whole chain rewritten from b on, every hash recomputed: only the published head shows it.
        await client.query('select private.publish_audit_chain_head(true)');
        await client.query(`
          do $$
          declare r public.admin_audit_log; v_prev text;
          begin
            select l.row_hash into v_prev from public.admin_audit_log l where l.chain_seq = ${Number(b!.chain_seq)} - 1;
            for r in select * from public.admin_audit_log l where l.chain_seq >= ${Number(b!.chain_seq)} order by l.chain_seq loop
              if r.id = ${Number(b!.id)} then r.after := '{"amount": 200}'; end if;
              r.prev_hash := v_prev;
              r.row_hash := private.audit_row_hash(r);
              update public.admin_audit_log l set after = r.after, prev_hash = r.prev_hash, row_hash = r.row_hash where l.id = r.id;
              v_prev := r.row_hash;
            end loop;
          end $$`);
        const rewritten = await state();
        expect(rewritten).toMatchObject({ intact: false, problem: 'published' });
        expect(Number(rewritten.broken_seq)).toBeGreaterThanOrEqual(Number(c!.chain_seq));
        await client.query('delete from private.audit_head_publications where published_at = now()');
        expect(await state()).toMatchObject({ intact: true });
      } finally {
        await client.query('rollback');
        client.release();
      }
      expect(await auditChainState()).toMatchObject({ intact: true });
    });

    it('publishes the head daily to every admin through the outbox; admins read the verdict, members cannot', async () => {
      await queryAs(
        adminUser,
        `select public.admin_adjust_wallet($1, 'credit', 1, 'Przed publikacją', gen_random_uuid())`,
        [member.id],
      );
      const { rows } = await admin().query<{ id: string | null }>(
        'select private.publish_audit_chain_head(true) as id',
      );
      const head = await auditChainState();
      expect(head).toMatchObject({ intact: true, published_seq: head.head_seq, published_hash: head.head_hash });
      const mail = await admin().query<{ to_email: string; variables: Record<string, string> }>(
        `select to_email, variables from private.email_outbox where template = 'audit-chain-head' and to_email = $1
          order by id desc limit 1`,
        [adminUser.email],
      );
      expect(mail.rows[0]?.variables).toMatchObject({
        chain_seq: head.head_seq,
        chain_hash: head.head_hash,
        status: 'Łańcuch wpisów nienaruszony',
      });
      const recipients = await admin().query<{ recipients: number; admins: string }>(
        `select p.recipients,
                (select count(*) from private.email_outbox o where o.template = 'audit-chain-head'
                    and o.created_at = p.published_at) as admins
           from private.audit_head_publications p where p.id = $1`,
        [rows[0]!.id],
      );
      expect(recipients.rows[0]!.recipients).toBeGreaterThan(0);
      expect(Number(recipients.rows[0]!.admins)).toBe(recipients.rows[0]!.recipients);
      expect(mail.rows.every((row) => row.to_email !== member.email)).toBe(true);
      // The daily job again within 20 hours: nothing new.
      expect((await admin().query('select private.publish_audit_chain_head() as id')).rows[0].id).toBeNull();

      // The tab walks what came after the last intact publication (which walked everything before it).
      await queryAs(
        adminUser,
        `select public.admin_adjust_wallet($1, 'credit', 1, 'Po publikacji', gen_random_uuid())`,
        [member.id],
      );
      const [verdict] = await queryAs<{ intact: boolean; verified_from: string; checked: string; head_seq: string }>(
        adminUser,
        'select intact, verified_from, checked, head_seq from public.admin_verify_audit_chain()',
      );
      expect(verdict).toEqual({
        intact: true,
        verified_from: String(Number(head.head_seq) + 1),
        checked: '1',
        head_seq: String(Number(head.head_seq) + 1),
      });
      expect(await errorOf(queryAs(member, 'select * from public.admin_verify_audit_chain()'))).toMatchObject({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await sqlState(queryAs('anon', 'select * from public.admin_verify_audit_chain()'))).toBe('42501');
    });
  });

  describe('personal values', () => {
    it("keeps names, e-mails, phones and the admin's e-mail beside the row; erasure removes them and the chain holds", async () => {
      const target = await createMember({ fullName: 'Barbara Prywatna', phone: '+48600700800' });
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_update_user($1, 'Barbara Nowa', '+48600700900', 'VIP', null)`, [
        target.id,
      ]);

      // The level edit is also recorded as a membership period change (money in): one row more, kept
      // aside here; it holds no personal value either.
      const all = await loggedSince(since);
      expect(all.map((r) => r.action)).toEqual(['membership.edit', 'profiles.update']);
      const logged = all.filter((r) => r.action !== 'membership.edit');
      const written = JSON.stringify(all);
      for (const value of ['Barbara', '+48600700', target.email, adminUser.email]) {
        expect(written).not.toContain(value);
      }
      expect(logged[0]).toMatchObject({
        before: { membership_level: 'FREE' },
        after: { membership_level: 'VIP' },
      });

      const entries = (await auditSince(since)).filter((r) => r.action !== 'membership.edit');
      expect(entries[0]).toMatchObject({
        before: { full_name: 'Barbara Prywatna', phone: '+48600700800', membership_level: 'FREE' },
        after: { full_name: 'Barbara Nowa', phone: '+48600700900', membership_level: 'VIP' },
      });
      const actor = await admin().query<{ actor_email: string }>(
        'select actor_email from public.admin_audit_entries where id > $1',
        [since],
      );
      expect(actor.rows.map((r) => r.actor_email)).toEqual([adminUser.email, adminUser.email]);

      // The member's erasure (the admin's deletion): their values go, the rows and the chain stay.
      const hashes = all.map((r) => r.row_hash);
      await queryAs(adminUser, `select public.admin_delete_user($1, 'Na prośbę członka')`, [target.id]);
      const erased = (await auditSince(since)).filter((r) => r.action !== 'membership.edit');
      expect(erased.map((r) => r.action)).toEqual(['profiles.update', 'user.delete']);
      expect(erased[0]).toMatchObject({ before: { membership_level: 'FREE' }, after: { membership_level: 'VIP' } });
      expect(erased[1]).toMatchObject({ before: null, after: { reason: 'Na prośbę członka' } });
      expect(JSON.stringify(erased)).not.toContain('Barbara');
      expect(JSON.stringify(erased)).not.toContain(target.email);
      expect((await loggedSince(since)).map((r) => r.row_hash).slice(0, hashes.length)).toEqual(hashes);
      expect(await auditChainState()).toMatchObject({ intact: true });
    });
  });

  describe('migrations', () => {
    it('never switch the guards of the audit and ledger tables off (disable trigger, session_replication_role)', async () => {
      const folder = path.resolve(import.meta.dirname, '../../supabase/migrations');
      const files = (await readdir(folder)).filter((name) => name.endsWith('.sql'));
      expect(files.length).toBeGreaterThan(10);
      const found: string[] = [];
      for (const name of files) {
        for (const problem of guardSwitches(await readFile(path.join(folder, name), 'utf8'))) {
          found.push(`${name}: ${problem}`);
        }
      }
      expect(found).toEqual([]);

      // The scan itself finds what it is for, in any spelling, and ignores comments and other tables.
      expect(guardSwitches('ALTER TABLE public.wallet_transactions DISABLE TRIGGER ALL;')).toHaveLength(1);
      expect(guardSwitches('alter table only "public"."admin_audit_log"\n  disable trigger user;')).toHaveLength(1);
      expect(guardSwitches("set session_replication_role = 'replica';")).toHaveLength(1);
      expect(guardSwitches("select set_config('session_replication_role', 'replica', true);")).toHaveLength(1);
      expect(guardSwitches('alter table public.apps disable trigger apps_audit;')).toEqual([]);
      expect(guardSwitches('-- never: alter table public.admin_audit_log disable trigger all;\nselect 1;')).toEqual([]);
    });
  });
});

/**
 * The tables whose triggers keep the books honest: the audit trail (append-only, chained) and the
 * ledger (append-only wallet_transactions, the balances it sums, the payout runs' items).
 */
const GUARDED_TABLES = [
  'admin_audit_log',
  'admin_audit_personal',
  'wallet_transactions',
  'wallet_balances',
  'payout_runs',
  'payout_run_items',
];

/** Statements of a migration that switch triggers off on a guarded table, or all triggers at once. */
function guardSwitches(sql: string): string[] {
  const code = sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const problems: string[] = [];
  for (const statement of code.split(';')) {
    const text = statement.replace(/\s+/g, ' ').trim().toLowerCase();
    if (text.includes('session_replication_role')) problems.push(text);
    const table = /alter table (?:only )?(?:if exists )?(?:"?public"?\.)?"?([a-z0-9_]+)"? .*disable trigger/.exec(text);
    if (table && GUARDED_TABLES.includes(table[1]!)) problems.push(text);
  }
  return problems;
}
