// Issue 21, the second attack run: each rule here was missing before 20261125100000_security_review.sql.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMfaFactor,
  admin,
  asActor,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import { createIdea, createSmtpConfig, ideaRow, storeIdeaImage } from '../helpers/content-factories.ts';
import { checkLedgerAfterEachTest, fundWallet } from '../helpers/money-factories.ts';

const mask = async (email: string | null) =>
  (await admin().query<{ masked: string | null }>('select private.mask_email($1) as masked', [email])).rows[0]!.masked;

/** get_account_status as anon, from one client address (X-Forwarded-For, as the gateway sends it). */
const accountStatusFrom = (client: string, email: string) =>
  asActor('anon', async (query) => {
    await query("select set_config('request.headers', $1, true)", [
      JSON.stringify({ 'x-forwarded-for': `${client}, 10.0.0.1` }),
    ]);
    const [row] = await query<{ status: string }>('select public.get_account_status($1) as status', [email]);
    return row!.status;
  });

checkLedgerAfterEachTest();
describe('security review (issue 21)', () => {
  let member: TestUser;
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember({ fullName: 'Anna Nowak' });
    otherMember = await createMember({ fullName: 'Jan Kowalski' });
    adminUser = await createAdmin({ fullName: 'Ewa Zarząd' });
  });

  describe('1. idea images keep no host', () => {
    it('stores the object path of an image given by URL, whatever host the URL named', async () => {
      const image = await storeIdeaImage(member);
      const idea = await createIdea(member, {
        image_urls: [`https://attacker.example/storage/v1/object/public/idea-images/${image.path}`],
      });
      expect((await ideaRow(idea.id))!.image_urls).toEqual([image.path]);
    });

    it('accepts bare object paths of the author’s folder and nothing else', async () => {
      const image = await storeIdeaImage(member);
      const idea = await createIdea(member, { image_urls: [image.path] });
      expect((await ideaRow(idea.id))!.image_urls).toEqual([image.path]);
      const theirs = await storeIdeaImage(otherMember);
      await expect(createIdea(member, { image_urls: [theirs.path] })).rejects.toThrow('ideas.invalid_image');
      await expect(createIdea(member, { image_urls: ['https://attacker.example/x.png'] })).rejects.toThrow(
        'ideas.invalid_image',
      );
    });
  });

  describe('2. images of an idea are immutable for their author', () => {
    it('refuses the author’s update and delete of a referenced object, allows them for an unused one', async () => {
      const used = await storeIdeaImage(member);
      const unused = await storeIdeaImage(member);
      await createIdea(member, { image_urls: [used.path] });
      const remove = (path: string) =>
        queryAs(member, "delete from storage.objects where bucket_id = 'idea-images' and name = $1 returning name", [
          path,
        ]);
      const replace = (path: string) =>
        queryAs(
          member,
          "update storage.objects set metadata = '{\"size\": 1}'::jsonb where bucket_id = 'idea-images' and name = $1 returning name",
          [path],
        );
      expect(await replace(used.path)).toEqual([]);
      expect(await remove(used.path)).toEqual([]);
      const { rows } = await admin().query(
        "select 1 from storage.objects where bucket_id = 'idea-images' and name = $1",
        [used.path],
      );
      expect(rows).toHaveLength(1);
      expect(await replace(unused.path)).toEqual([{ name: unused.path }]);
      expect(await remove(unused.path)).toEqual([{ name: unused.path }]);
    });

    it('still lets an admin remove a referenced object (deleting the idea takes its images)', async () => {
      const used = await storeIdeaImage(member);
      await createIdea(member, { image_urls: [used.path] });
      expect(
        await queryAs(
          adminUser,
          "delete from storage.objects where bucket_id = 'idea-images' and name = $1 returning name",
          [used.path],
        ),
      ).toEqual([{ name: used.path }]);
    });
  });

  describe('3. posts', () => {
    const publish = (actor: TestUser) =>
      queryAs<{ title: string }>(
        actor,
        "insert into public.posts (author_id, title, content) values ($1, 'Ogłoszenie', 'Treść') returning title",
        [actor.id],
      );

    it('members cannot publish', async () => {
      expect(await sqlState(publish(member))).toBe('42501');
    });

    it('an admin (aal2) publishes as themselves, not as someone else', async () => {
      expect(await publish(adminUser)).toEqual([{ title: 'Ogłoszenie' }]);
      expect(
        await sqlState(
          queryAs(adminUser, "insert into public.posts (author_id, title, content) values ($1, 'X', 'Y')", [member.id]),
        ),
      ).toBe('42501');
    });
  });

  describe('4. e-mail addresses of referred members', () => {
    it('never shows a whole local part or the domain', async () => {
      expect(await mask('anna.kowalska@example.com')).toBe('ann***@e***');
      expect(await mask('anna@example.test')).toBe('an***@e***');
      expect(await mask('jo@poczta.example.pl')).toBe('j***@p***');
      expect(await mask('a@b.pl')).toBe('a***@b***');
      expect(await mask(null)).toBeNull();
    });

    it('limits get_account_status to 20 look-ups per client address in 10 minutes', async () => {
      const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}-${randomUUID().slice(0, 6)}`;
      for (let i = 0; i < 20; i += 1) {
        expect(await accountStatusFrom(client, `nobody-${i}@example.test`)).toBe('missing');
      }
      expect(await errorOf(accountStatusFrom(client, member.email))).toEqual({
        code: 'P0001',
        message: 'account.status_rate_limited',
      });
      // Another client is not affected, and the answer is still right (the unactivated-account panel).
      expect(await accountStatusFrom(`${client}-other`, member.email)).toBe('active');
    });
  });

  describe('5. SMTP passwords stay with their server', () => {
    const upsert = (config: { id: string; host: string; port: number; username: string }, password: string | null) =>
      queryAs<{ host: string; password: string | null }>(
        adminUser,
        `select host, password from public.admin_upsert_smtp_config(p_id => $1, p_name => 'Serwer', p_host => $2,
           p_port => $3, p_username => $4, p_password => $5, p_from_email => 'noreply@example.test', p_from_name => 'Klub')`,
        [config.id, config.host, config.port, config.username, password],
      );

    it('a change of host, port or username needs the password again', async () => {
      const config = await createSmtpConfig();
      for (const change of [{ host: 'smtp.attacker.example' }, { port: 2525 }, { username: 'someone-else' }]) {
        expect(await errorOf(upsert({ ...config, ...change }, null))).toEqual({
          code: '22023',
          message: 'smtp.password_required',
        });
      }
      expect(await upsert({ ...config, host: 'smtp.new.example' }, 'nowe-haslo')).toEqual([
        { host: 'smtp.new.example', password: '••••••••' },
      ]);
      // Other fields keep the stored password.
      expect(await upsert({ ...config, host: 'smtp.new.example' }, null)).toHaveLength(1);
    });
  });

  describe('8. admin rights need aal2', () => {
    it('an admin without any factor is no admin at aal1', async () => {
      const aal1 = withClaims(adminUser, { aal: 'aal1' });
      expect(await errorOf(queryAs(aal1, 'select * from public.admin_list_users()'))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await queryAs(aal1, 'select private.is_admin() as ok')).toEqual([{ ok: false }]);
    });

    it('the same admin with a verified factor at aal2 is an admin', async () => {
      const secured = await createAdmin();
      await addMfaFactor(secured.id);
      expect(await queryAs(withClaims(secured, { aal: 'aal2' }), 'select private.is_admin() as ok')).toEqual([
        { ok: true },
      ]);
    });
  });

  describe('11. no NaN or Infinity in numeric columns', () => {
    it('every numeric column of the project’s tables refuses NaN and ±Infinity', async () => {
      const { rows } = await admin().query<{ column: string }>(
        `select c.table_schema || '.' || c.table_name || '.' || c.column_name as column
           from information_schema.columns c
           join information_schema.tables t using (table_schema, table_name)
          where c.table_schema in ('public', 'private') and t.table_type = 'BASE TABLE'
            and c.data_type = 'numeric' and c.is_generated = 'NEVER'
            and not exists (
              select 1 from pg_constraint k
               where k.conrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                 and k.contype = 'c'
                 and pg_get_constraintdef(k.oid) like '%' || quote_ident(c.column_name) || '%NaN%Infinity%')`,
      );
      expect(rows).toEqual([]);
    });

    it('refuses an admin’s NaN in a plan’s profit share and an app’s revenue', async () => {
      expect(
        await sqlState(admin().query("update public.membership_plans set profit_share = 'NaN' where tier = 'VIP'")),
      ).toBe('23514');
      expect(
        await sqlState(
          admin().query(
            "insert into public.apps (name, description, category, revenue) values ('X', 'Y', 'games', 'NaN')",
          ),
        ),
      ).toBe('23514');
    });
  });

  describe('12. deleting a member keeps the commissions owed to them', () => {
    it('the commission stays, anonymised', async () => {
      const referrer = await createMember();
      const { rows } = await admin().query<{ id: string }>(
        "insert into public.referral_commissions (referrer_id, level, amount_pln) values ($1, 'VIP', 120) returning id",
        [referrer.id],
      );
      await admin().query('delete from auth.users where id = $1', [referrer.id]);
      const after = await admin().query(
        'select referrer_id, amount_pln from public.referral_commissions where id = $1',
        [rows[0]!.id],
      );
      expect(after.rows).toEqual([{ referrer_id: null, amount_pln: '120.00' }]);
    });
  });

  describe('13. small ones', () => {
    it('the ledger refuses deleting an anonymised row', async () => {
      const gone = await createMember();
      await fundWallet(gone, 10);
      await admin().query('update public.wallet_balances set available_balance = 0 where user_id = $1', [gone.id]);
      await admin().query('delete from auth.users where id = $1', [gone.id]);
      const { rows } = await admin().query<{ id: string }>(
        "select id from public.wallet_transactions where user_id is null and note = 'test deposit' limit 1",
      );
      expect(rows).toHaveLength(1);
      expect(
        await errorOf(admin().query('delete from public.wallet_transactions where id = $1', [rows[0]!.id])),
      ).toMatchObject({ code: 'P0001', message: 'wallet.ledger_append_only' });
    });

    it('editing the default SMTP configuration without the flag keeps it the default', async () => {
      await admin().query('update public.smtp_configs set is_default = false');
      const config = await createSmtpConfig({ is_default: true });
      const [row] = await queryAs<{ is_default: boolean }>(
        adminUser,
        `select is_default from public.admin_upsert_smtp_config(p_id => $1, p_name => 'Nowa nazwa', p_host => $2,
           p_port => $3, p_username => $4, p_from_email => 'noreply@example.test', p_from_name => 'Klub', p_is_default => false)`,
        [config.id, config.host, config.port, config.username],
      );
      expect(row).toEqual({ is_default: true });
    });

    it('reserves the admin-like display names for admins', async () => {
      for (const name of ['Administrator Klubu', 'admin', 'Moderator Ania', 'Zespół ADMINISTRACJI']) {
        expect(
          await errorOf(
            queryAs(member, 'update public.profiles set full_name = $1 where user_id = $2', [name, member.id]),
          ),
        ).toEqual({ code: '22023', message: 'profile.full_name_reserved' });
      }
      await expect(createMember({ fullName: 'Administrator Klubu' })).rejects.toThrow('profile.full_name_reserved');
      expect(
        await queryAs(member, 'update public.profiles set full_name = $1 where user_id = $2 returning full_name', [
          'Badminton Ania',
          member.id,
        ]),
      ).toEqual([{ full_name: 'Badminton Ania' }]);
      expect(
        await queryAs(adminUser, 'update public.profiles set full_name = $1 where user_id = $2 returning full_name', [
          'Administrator Klubu',
          adminUser.id,
        ]),
      ).toEqual([{ full_name: 'Administrator Klubu' }]);
    });
  });
});
