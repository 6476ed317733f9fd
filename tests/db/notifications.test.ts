import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import {
  ledgerMismatches,
  notificationsOf,
  createNotification,
  type NotificationRow,
} from '../helpers/money-factories.ts';

// Money operations (issue 20): the ledger history with balances after, cancelling a withdrawal
// (racing a settlement), saved addresses, admin credit/debit, payout runs, notification
// preferences, and the audit row every admin write appends.
describe('money operations', () => {
  afterEach(async () => {
    expect(await ledgerMismatches()).toEqual([]);
  });

  describe('notification_preferences', () => {
    const setPrefs = (actor: TestUser, value: unknown) =>
      queryAs(actor, 'update public.user_settings set notification_preferences = $2 where user_id = $1', [
        actor.id,
        JSON.stringify(value),
      ]);

    it('accepts known keys with booleans, refuses anything else', async () => {
      const owner = await createMember();
      await setPrefs(owner, { wallet_credited: false, profit_payout: true });
      for (const bad of [{ unknown: true }, { wallet_credited: 'no' }, { password_changed: false }, []]) {
        expect(await errorOf(setPrefs(owner, bad))).toMatchObject({
          message: expect.stringMatching(/settings.invalid_notification_preferences|violates check constraint/),
        });
      }
    });
  });
});

describe('notifications', () => {
  let member: TestUser;
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
    adminUser = await createAdmin();
  });

  describe('select', () => {
    it('shows a member only their own notifications, newest first', async () => {
      const older = await createNotification(member.id, { title: 'Pierwsze' });
      const newer = await createNotification(member.id, { title: 'Drugie' });
      await createNotification(otherMember.id, { title: 'Cudze' });
      const rows = await queryAs<NotificationRow>(
        member,
        'select * from public.notifications order by created_at desc, id desc',
      );
      expect(rows.every((row) => row.user_id === member.id)).toBe(true);
      expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([older.id, newer.id]));
      expect(rows.map((row) => row.title)).not.toContain('Cudze');
    });

    it("hides another member's notification even when asked for by id", async () => {
      const foreign = await createNotification(otherMember.id);
      expect(await queryAs(member, 'select id from public.notifications where id = $1', [foreign.id])).toEqual([]);
    });

    it("does not show admins other members' notifications (personal inbox)", async () => {
      const foreign = await createNotification(member.id);
      expect(await queryAs(adminUser, 'select id from public.notifications where id = $1', [foreign.id])).toEqual([]);
    });

    it('denies anon any read', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.notifications'))).toBe('42501');
    });
  });

  describe('insert', () => {
    it('lets an admin send a system or message notification to a member', async () => {
      await queryAs(
        adminUser,
        "insert into public.notifications (user_id, type, title, content) values ($1, 'system', 'Przerwa techniczna', 'Jutro 2:00-3:00')",
        [member.id],
      );
      await queryAs(
        adminUser,
        "insert into public.notifications (user_id, type, title, content) values ($1, 'message', 'Wiadomość', 'Cześć')",
        [member.id],
      );
      const titles = (await notificationsOf(member.id)).map((row) => row.title);
      expect(titles).toEqual(expect.arrayContaining(['Przerwa techniczna', 'Wiadomość']));
    });

    it('refuses an admin inserting a profit notification (those come from server functions)', async () => {
      const before = (await notificationsOf(member.id)).length;
      expect(
        await sqlState(
          queryAs(
            adminUser,
            "insert into public.notifications (user_id, type, title) values ($1, 'profit', 'Zysk 1000 zł')",
            [member.id],
          ),
        ),
      ).toBe('42501');
      expect(await notificationsOf(member.id)).toHaveLength(before);
    });

    it('refuses an admin setting created_at or read_at on insert (column grant)', async () => {
      expect(
        await sqlState(
          queryAs(
            adminUser,
            "insert into public.notifications (user_id, type, title, read_at) values ($1, 'system', 'X', now())",
            [member.id],
          ),
        ),
      ).toBe('42501');
    });

    it('refuses a member inserting notifications for anyone, including themselves', async () => {
      expect(
        await sqlState(
          queryAs(member, "insert into public.notifications (user_id, type, title) values ($1, 'system', 'Fake')", [
            member.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, "insert into public.notifications (user_id, type, title) values ($1, 'message', 'Spam')", [
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect((await notificationsOf(otherMember.id)).map((row) => row.title)).not.toContain('Spam');
    });

    it('refuses anon', async () => {
      expect(
        await sqlState(
          queryAs('anon', "insert into public.notifications (user_id, type, title) values ($1, 'system', 'x')", [
            member.id,
          ]),
        ),
      ).toBe('42501');
    });

    it('lets server code (service_role) insert any type', async () => {
      await queryAs(
        'service_role',
        "insert into public.notifications (user_id, type, title, data) values ($1, 'profit', 'Zysk', $2)",
        [member.id, { amount: 120, percentage: 5, tier: 'START' }],
      );
      const profit = (await notificationsOf(member.id)).find((row) => row.title === 'Zysk');
      expect(profit?.data).toEqual({ amount: 120, percentage: 5, tier: 'START' });
    });
  });

  describe('update', () => {
    it('lets a member mark their own notification read; the server stores now(), not the client time', async () => {
      const item = await createNotification(member.id);
      const [row] = await queryAs<NotificationRow>(
        member,
        "update public.notifications set read_at = '2000-01-01T00:00:00Z' where id = $1 returning read_at",
        [item.id],
      );
      expect(row?.read_at).toBeInstanceOf(Date);
      expect(Math.abs(row!.read_at!.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('keeps the first read time when an item is clicked again', async () => {
      const item = await createNotification(member.id);
      const [first] = await queryAs<NotificationRow>(
        member,
        'update public.notifications set read_at = now() where id = $1 returning read_at',
        [item.id],
      );
      const [second] = await queryAs<NotificationRow>(
        member,
        "update public.notifications set read_at = now() + interval '1 hour' where id = $1 returning read_at",
        [item.id],
      );
      expect(second?.read_at?.getTime()).toBe(first?.read_at?.getTime());
    });

    it('refuses making a read notification unread again', async () => {
      const item = await createNotification(member.id, { read_at: new Date() });
      const result = await errorOf(
        queryAs(member, 'update public.notifications set read_at = null where id = $1', [item.id]),
      );
      expect(result).toEqual({ code: 'P0001', message: 'notifications.cannot_mark_unread' });
    });

    it('refuses a member changing title, content, type or user_id of their own notification', async () => {
      const item = await createNotification(member.id, { title: 'Oryginał' });
      expect(
        await sqlState(queryAs(member, "update public.notifications set title = 'Zmienione' where id = $1", [item.id])),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(member, "update public.notifications set content = 'x' where id = $1", [item.id])),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(member, "update public.notifications set type = 'profit' where id = $1", [item.id])),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, 'update public.notifications set user_id = $2 where id = $1', [item.id, otherMember.id]),
        ),
      ).toBe('42501');
      const [stored] = (await notificationsOf(member.id)).filter((row) => row.id === item.id);
      expect(stored).toMatchObject({ title: 'Oryginał', type: 'system', user_id: member.id });
    });

    it("changes nothing when a member or an admin marks another member's notification", async () => {
      const foreign = await createNotification(otherMember.id);
      expect(
        await queryAs(member, 'update public.notifications set read_at = now() where id = $1 returning id', [
          foreign.id,
        ]),
      ).toEqual([]);
      expect(
        await queryAs(adminUser, 'update public.notifications set read_at = now() where id = $1 returning id', [
          foreign.id,
        ]),
      ).toEqual([]);
      const { rows } = await admin().query('select read_at from public.notifications where id = $1', [foreign.id]);
      expect(rows[0]?.read_at).toBeNull();
    });

    it('refuses anon', async () => {
      expect(await sqlState(queryAs('anon', 'update public.notifications set read_at = now()'))).toBe('42501');
    });
  });

  describe('delete', () => {
    it('refuses members, admins and anon (no delete privilege)', async () => {
      const item = await createNotification(member.id);
      expect(await sqlState(queryAs(member, 'delete from public.notifications where id = $1', [item.id]))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs(adminUser, 'delete from public.notifications where id = $1', [item.id]))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs('anon', 'delete from public.notifications where id = $1', [item.id]))).toBe(
        '42501',
      );
      const { rows } = await admin().query('select id from public.notifications where id = $1', [item.id]);
      expect(rows).toHaveLength(1);
    });
  });

  describe('mark_all_notifications_read()', () => {
    it("marks all of the caller's unread notifications and nobody else's", async () => {
      const reader = await createMember();
      const bystander = await createMember();
      await createNotification(reader.id);
      await createNotification(reader.id);
      await createNotification(reader.id, { read_at: new Date() });
      const foreign = await createNotification(bystander.id);
      const [result] = await queryAs<{ count: number }>(reader, 'select public.mark_all_notifications_read() as count');
      expect(result?.count).toBe(2);
      expect((await notificationsOf(reader.id)).every((row) => row.read_at !== null)).toBe(true);
      const { rows } = await admin().query('select read_at from public.notifications where id = $1', [foreign.id]);
      expect(rows[0]?.read_at).toBeNull();
      const [again] = await queryAs<{ count: number }>(reader, 'select public.mark_all_notifications_read() as count');
      expect(again?.count).toBe(0);
    });

    it('is not callable by anon', async () => {
      expect(await sqlState(queryAs('anon', 'select public.mark_all_notifications_read()'))).toBe('42501');
    });
  });

  describe('realtime and indexes', () => {
    it('publishes the table through supabase_realtime', async () => {
      const { rows } = await admin().query(
        "select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications'",
      );
      expect(rows).toHaveLength(1);
    });

    it('serves the unread count from the partial index', async () => {
      const { rows } = await admin().query(
        "select indexdef from pg_indexes where schemaname = 'public' and tablename = 'notifications' and indexname = 'notifications_unread_idx'",
      );
      expect(rows[0]?.indexdef).toContain('WHERE (read_at IS NULL)');
    });
  });

  it('removes the notifications of a deleted account', async () => {
    const leaving = await createMember();
    await createNotification(leaving.id);
    await admin().query('delete from auth.users where id = $1', [leaving.id]);
    expect(await notificationsOf(leaving.id)).toEqual([]);
  });
});

// Issue 21, items 9 and 10: per-member rate limits in SQL (a PostgREST array insert counts row by
// row), notification preferences of known keys only, and the idea-webhook's atomic claim.
describe('volume limits (issue 21)', () => {
  let member: TestUser;

  beforeAll(async () => {
    member = await createMember();
  });

  it('notification preferences: notification types with boolean values only', async () => {
    const set = (value: unknown) =>
      queryAs(member, 'update public.user_settings set notification_preferences = $1 where user_id = $2 returning 1', [
        JSON.stringify(value),
        member.id,
      ]);
    expect(await set({ profit: true, message: false })).toHaveLength(1);
    // The guard trigger answers first with the settings' message key; the check constraint stays behind it.
    const refusal = async (value: unknown) => (await errorOf(set(value)))?.message;
    expect(await refusal({ profit: 'tak' })).toBe('settings.invalid_notification_preferences');
    expect(await refusal({ unknown: true })).toBe('settings.invalid_notification_preferences');
    expect(await refusal({ profit: true, padding: 'x'.repeat(1_000_000) })).toBe(
      'settings.invalid_notification_preferences',
    );
    expect(await refusal([true])).toBe('settings.invalid_notification_preferences');
  });
});
