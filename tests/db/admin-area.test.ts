// Admin area (issue 13): the second factor for admin rights, the hook templates' guard, member
// deletion that keeps money records and returns the member's files, the moderation and payout lists.
import { describe, expect, it } from 'vitest';
import {
  addMfaFactor,
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import { createEmailTemplate, createIdea, inSnapshotAs } from '../helpers/content-factories.ts';
import {
  balanceOf,
  checkLedgerAfterEachTest,
  fundWallet,
  pendingWithdrawal,
  txHash,
} from '../helpers/money-factories.ts';

const HOOK_TEMPLATES = [
  'account-activation',
  'magic-link',
  'password-reset',
  'email-change',
  'reauthentication',
  'password-changed',
  'email-changed',
  'mfa-factor-enrolled',
  'mfa-factor-unenrolled',
];

/** An admin whose account has a verified TOTP factor, signed in with the password only (aal1). */
async function adminWithFactor(): Promise<{ aal1: TestUser; aal2: TestUser }> {
  const adminUser = await createAdmin({ aal: 'aal1' });
  await addMfaFactor(adminUser.id);
  return { aal1: adminUser, aal2: withClaims(adminUser, { aal: 'aal2' }) };
}

checkLedgerAfterEachTest();
describe('admin rights need the second factor (aal2)', () => {
  it('an admin with a verified factor is no admin at aal1: RPCs, policies and reads refuse', async () => {
    const { aal1 } = await adminWithFactor();
    const member = await createMember();

    expect(await errorOf(queryAs(aal1, 'select * from public.admin_list_users()'))).toEqual({
      code: '42501',
      message: 'auth.forbidden',
    });
    expect(
      await errorOf(queryAs(aal1, "select public.admin_update_user($1, p_membership_level => 'VIP')", [member.id])),
    ).toEqual({ code: '42501', message: 'auth.forbidden' });
    expect(
      await errorOf(queryAs(aal1, "select * from public.admin_assign_ccc_package($1, 'START', 1)", [member.id])),
    ).toEqual({ code: '42501', message: 'auth.forbidden' });
    // Admin write policies: an insert is refused, an update or delete touches nothing.
    expect(
      await sqlState(queryAs(aal1, "insert into public.announcements (content) values ('Bez drugiego składnika')")),
    ).toBe('42501');
    expect(
      await queryAs(aal1, "update public.site_settings set site_title = 'Przejęte' where id returning site_title"),
    ).toEqual([]);
    // Admin read policies: other members' profiles are not visible.
    expect(await queryAs(aal1, 'select user_id from public.profiles where user_id = $1', [member.id])).toEqual([]);
    expect(
      (await admin().query('select membership_level from public.profiles where user_id = $1', [member.id])).rows,
    ).toEqual([{ membership_level: 'FREE' }]);
  });

  it('the same admin at aal2 is an admin', async () => {
    const { aal2 } = await adminWithFactor();
    const member = await createMember();
    const [profile] = await queryAs<{ membership_level: string }>(
      aal2,
      "select * from public.admin_update_user($1, p_membership_level => 'START')",
      [member.id],
    );
    expect(profile?.membership_level).toBe('START');
    const [announcement] = await queryAs<{ id: string }>(
      aal2,
      "insert into public.announcements (content, active) values ('Z drugim składnikiem', false) returning id",
    );
    expect(announcement?.id).toBeTruthy();
    await admin().query('delete from public.announcements where id = $1', [announcement!.id]);
  });

  it('an admin without a verified factor (none, or only an unverified one) is no admin at aal1 either', async () => {
    const plain = await createAdmin({ aal: 'aal1' });
    const enrolling = await createAdmin({ aal: 'aal1' });
    await addMfaFactor(enrolling.id, { status: 'unverified' });
    for (const actor of [plain, enrolling]) {
      expect(await errorOf(queryAs(actor, 'select * from public.admin_list_users(p_limit => 1)'))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
    }
  });

  it('aal2 never makes a member an admin', async () => {
    const member = await createMember();
    await addMfaFactor(member.id);
    expect(
      await errorOf(queryAs(withClaims(member, { aal: 'aal2' }), 'select * from public.admin_list_users()')),
    ).toEqual({ code: '42501', message: 'auth.forbidden' });
  });

  it('members pay no factor lookup: the check stops at the missing admin claim', async () => {
    const member = await createMember();
    const [row] = await queryAs<{ admin: boolean }>(member, 'select private.is_admin() as admin');
    expect(row?.admin).toBe(false);
    // The helper is not reachable through the API schema (private is not exposed), but runs for callers.
    expect(await sqlState(queryAs('anon', 'select private.admin_assurance_ok()'))).toBe('42501');
  });
});

describe('templates of the send-email hook', () => {
  async function hookTemplate(name: string): Promise<string> {
    await admin().query(
      `insert into public.email_templates (name, subject, html_content) values ($1, 'Temat', '<p>Treść</p>')
       on conflict (name) do nothing`,
      [name],
    );
    const { rows } = await admin().query<{ id: string }>('select id from public.email_templates where name = $1', [
      name,
    ]);
    return rows[0]!.id;
  }

  it('protects exactly the templates of the hook action list (private.auth_hook_email_templates)', async () => {
    const { rows } = await admin().query<{ names: string[] }>('select private.hook_template_names() as names');
    expect(rows[0]?.names).toEqual([...HOOK_TEMPLATES].sort());
  });

  it('come with the migrations (a hosted project gets no seed), sending through the default SMTP config', async () => {
    const { rows } = await admin().query<{ name: string; smtp_config_id: string | null; html_content: string }>(
      `select t.name, t.smtp_config_id, t.html_content from private.auth_hook_email_templates() h
         join public.email_templates t on t.name = h.template order by t.name`,
    );
    expect(rows.map((row) => row.name)).toEqual([...HOOK_TEMPLATES].sort());
    for (const row of rows) {
      expect(row.smtp_config_id).toBeNull();
      expect(row.html_content).toContain('{{fname}}');
    }
  });

  it.each(HOOK_TEMPLATES)('%s cannot be deleted or renamed, by an admin or by server code', async (name) => {
    const id = await hookTemplate(name);
    const adminUser = await createAdmin();
    const refused = { code: 'P0001', message: 'templates.hook_template_protected' };
    expect(await errorOf(queryAs(adminUser, 'delete from public.email_templates where id = $1', [id]))).toEqual(
      refused,
    );
    expect(
      await errorOf(queryAs(adminUser, "update public.email_templates set name = 'inna-nazwa' where id = $1", [id])),
    ).toEqual(refused);
    expect(await errorOf(admin().query('delete from public.email_templates where id = $1', [id]))).toEqual(refused);
    const { rows } = await admin().query('select name from public.email_templates where id = $1', [id]);
    expect(rows).toEqual([{ name }]);
  });

  it('the admin list flags the hook templates; members may not read it', async () => {
    const adminUser = await createAdmin();
    await hookTemplate('magic-link');
    const other = await createEmailTemplate();
    const rows = await queryAs<{ name: string; used_by_hook: boolean }>(
      adminUser,
      'select name, used_by_hook from public.admin_list_email_templates()',
    );
    expect(rows.find((row) => row.name === 'magic-link')?.used_by_hook).toBe(true);
    expect(rows.find((row) => row.name === other.name)?.used_by_hook).toBe(false);
    expect(await errorOf(queryAs(await createMember(), 'select * from public.admin_list_email_templates()'))).toEqual({
      code: '42501',
      message: 'auth.forbidden',
    });
  });

  it('a hook template can still be edited, other templates deleted and renamed', async () => {
    const adminUser = await createAdmin();
    const id = await hookTemplate('account-activation');
    const [edited] = await queryAs<{ subject: string }>(
      adminUser,
      "update public.email_templates set subject = subject, name = name, html_content = '<p>Nowa treść</p>' where id = $1 returning subject",
      [id],
    );
    expect(edited?.subject).toBeTruthy();

    const other = await createEmailTemplate();
    expect(
      await queryAs(adminUser, 'update public.email_templates set name = $2 where id = $1 returning name', [
        other.id,
        `${other.name}-2`,
      ]),
    ).toEqual([{ name: `${other.name}-2` }]);
    expect(
      await queryAs(adminUser, 'delete from public.email_templates where id = $1 returning id', [other.id]),
    ).toEqual([{ id: other.id }]);
  });
});

describe('deleting a member keeps the money records', () => {
  const deleteUser = (actor: TestUser, userId: string) =>
    queryAs<{ bucket_id: string; name: string }>(actor, 'select * from public.admin_delete_user($1)', [userId]);

  it('is refused while the wallet holds money, by the RPC and by any other deletion', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    await fundWallet(member, '12.50');
    expect(await errorOf(deleteUser(adminUser, member.id))).toEqual({
      code: 'P0001',
      message: 'admin.user_has_balance',
    });
    expect(await errorOf(admin().query('delete from auth.users where id = $1', [member.id]))).toEqual({
      code: 'P0001',
      message: 'admin.user_has_balance',
    });
    expect((await balanceOf(member.id))?.available_balance).toBe('12.50');
  });

  it('is refused while a withdrawal waits for payout', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    await pendingWithdrawal(member, 20);
    expect(await errorOf(deleteUser(adminUser, member.id))).toEqual({
      code: 'P0001',
      message: 'admin.user_has_pending_withdrawal',
    });
  });

  it('goes ahead once the wallet is empty: records stay anonymised, the files are returned', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    const bystander = await createMember();
    const request = await pendingWithdrawal(member, 30);
    await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [request.id, txHash()]);
    const files = [
      ['avatars', `${member.id}/1700000000000.jpg`],
      ['idea-images', `${member.id}/idea/1.png`],
      ['avatars', `${bystander.id}/1700000000001.jpg`],
      ['app-images', `${member.id}/not-a-member-folder.png`],
    ];
    for (const [bucket, name] of files) {
      await admin().query("insert into storage.objects (bucket_id, name, owner_id, version) values ($1, $2, $3, '1')", [
        bucket,
        name,
        member.id,
      ]);
    }

    expect(await deleteUser(adminUser, member.id)).toEqual([
      { bucket_id: 'avatars', name: `${member.id}/1700000000000.jpg` },
      { bucket_id: 'idea-images', name: `${member.id}/idea/1.png` },
    ]);

    const { rows } = await admin().query(
      `select (select count(*) from auth.users where id = $1)::int as users,
              (select count(*) from public.wallet_transactions t join public.withdrawals w on w.id = t.withdrawal_id
                where w.id = $2 and t.user_id is null)::int as anonymised_ledger,
              (select user_id from public.withdrawals where id = $2) as withdrawal_user`,
      [member.id, request.id],
    );
    expect(rows[0]).toEqual({ users: 0, anonymised_ledger: 2, withdrawal_user: null });
    // The admin sees the anonymised record; members never do.
    expect(await queryAs(adminUser, 'select status from public.withdrawals where id = $1', [request.id])).toEqual([
      { status: 'completed' },
    ]);
    expect(await queryAs(bystander, 'select id from public.withdrawals where id = $1', [request.id])).toEqual([]);
  });

  it('the anonymised ledger stays append-only', async () => {
    const member = await createMember();
    await fundWallet(member, 5);
    const { rows } = await admin().query<{ id: string }>(
      'select id from public.wallet_transactions where user_id = $1',
      [member.id],
    );
    // Only the foreign key's "set null" after the wallet is gone may touch user_id.
    expect(
      await errorOf(admin().query('update public.wallet_transactions set user_id = null where id = $1', [rows[0]!.id])),
    ).toEqual({ code: 'P0001', message: 'wallet.ledger_append_only' });
  });
});

describe('admin_list_users at scale', () => {
  it('stops counting at 101 matches of a search (more than 100), and pages on regardless', async () => {
    const adminUser = await createAdmin();
    const marker = `zz${Math.random().toString(36).slice(2, 10)}`;
    await admin().query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              $1 || g || '@example.test', 'x', now(), '{"provider": "email"}',
              jsonb_build_object('full_name', 'Członek ' || $1 || ' ' || g), now(), now(), false
         from generate_series(1, 102) g`,
      [marker],
    );
    const pageOf = (offset: number, limit: number) =>
      queryAs<{ email: string; total_count: string }>(
        adminUser,
        "select * from public.admin_list_users($1, null, null, 'email', true, $2, $3)",
        [marker, limit, offset],
      );
    const first = await pageOf(0, 100);
    const last = await pageOf(100, 20);
    expect(Number(first[0]?.total_count)).toBe(101);
    expect(Number(last[0]?.total_count)).toBe(101);
    expect(new Set([...first, ...last].map((row) => row.email)).size).toBe(102);
  });
});

describe('admin_list_ideas', () => {
  type ListedIdea = {
    id: string;
    status: string;
    submitted_at: Date;
    author_full_name: string | null;
    author_email: string | null;
    total_count: string;
  };

  it('lists pending ideas first, newest first within a status, with the author', async () => {
    const adminUser = await createAdmin();
    const author = await createMember({ fullName: 'Ola Autorka' });
    const approved = await createIdea(author, { status: 'approved', submitted_at: new Date(Date.now() + 60_000) });
    const olderPending = await createIdea(author, { submitted_at: new Date(Date.now() - 60_000) });
    const newerPending = await createIdea(author, { submitted_at: new Date(Date.now() + 30_000) });

    await inSnapshotAs(adminUser, async (query) => {
      const all: ListedIdea[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await query<ListedIdea>('select * from public.admin_list_ideas(null, 100, $1)', [offset]);
        all.push(...page);
        if (page.length < 100) break;
      }
      expect(all).toHaveLength(Number(all[0]?.total_count));
      const rank = { pending: 0, approved: 1, rejected: 2 } as Record<string, number>;
      for (let i = 1; i < all.length; i += 1) {
        const [a, b] = [all[i - 1]!, all[i]!];
        expect(rank[a.status]! < rank[b.status]! || (a.status === b.status && a.submitted_at >= b.submitted_at)).toBe(
          true,
        );
      }
      const position = (id: string) => all.findIndex((row) => row.id === id);
      expect(position(newerPending.id)).toBeLessThan(position(olderPending.id));
      expect(position(olderPending.id)).toBeLessThan(position(approved.id));
      expect(all[position(newerPending.id)]).toMatchObject({
        author_full_name: 'Ola Autorka',
        author_email: author.email,
      });

      const pending = await query<ListedIdea>("select * from public.admin_list_ideas('pending', 100, 0)");
      expect(pending.every((row) => row.status === 'pending')).toBe(true);
      expect(pending.map((row) => row.id)).toContain(newerPending.id);
    });
  });

  it('refuses members and bad pages', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    expect(await errorOf(queryAs(member, 'select * from public.admin_list_ideas()'))).toEqual({
      code: '42501',
      message: 'auth.forbidden',
    });
    expect(await errorOf(queryAs(adminUser, 'select * from public.admin_list_ideas(null, 101, 0)'))).toEqual({
      code: '22023',
      message: 'admin.invalid_limit',
    });
    expect(await errorOf(queryAs(adminUser, 'select * from public.admin_list_ideas(null, 10, -1)'))).toEqual({
      code: '22023',
      message: 'admin.invalid_offset',
    });
  });
});

describe('admin_list_withdrawals', () => {
  type ListedWithdrawal = { id: string; status: string; member_email: string | null; amount: string };

  it('gives the pending queue oldest first and processed ones newest first, with the member', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    const first = await pendingWithdrawal(member, 1);
    const second = await pendingWithdrawal(member, 2);
    const done = await pendingWithdrawal(member, 3);
    await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [done.id, txHash()]);

    await inSnapshotAs(adminUser, async (query) => {
      const pending: ListedWithdrawal[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await query<ListedWithdrawal>("select * from public.admin_list_withdrawals('pending', 100, $1)", [
          offset,
        ]);
        pending.push(...page);
        if (page.length < 100) break;
      }
      const ids = pending.map((row) => row.id);
      expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(ids).not.toContain(done.id);
      expect(pending.find((row) => row.id === second.id)).toMatchObject({ member_email: member.email, amount: '2.00' });

      const completed = await query<ListedWithdrawal & { created_at: Date }>(
        "select * from public.admin_list_withdrawals('completed', 100, 0)",
      );
      expect(completed.every((row) => row.status === 'completed')).toBe(true);
      expect(completed.map((row) => row.id)).toContain(done.id);
      const dates = completed.map((row) => row.created_at.getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });
  });

  it('refuses members', async () => {
    const member = await createMember();
    expect(await errorOf(queryAs(member, 'select * from public.admin_list_withdrawals()'))).toEqual({
      code: '42501',
      message: 'auth.forbidden',
    });
  });
});
