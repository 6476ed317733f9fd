// The member dashboard's E2E facts and server-side writes, straight from the stack's PostgreSQL as
// the superuser: what "the server" does while a page is open (a new notification, a new revenue
// figure), and the values the screens must show, read independently of the app's RPCs.
import type pg from 'pg';
import { query as sql } from './database';

async function one<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row> {
  const [row] = await sql<Row>(text, values);
  if (!row) throw new Error(`No row: ${text}`);
  return row;
}

/** What the main panel's cards are made of, counted directly from the tables. */
export async function mainPanelFacts(email: string) {
  return one<{
    confirmed_members: number;
    apps: number;
    ideas: number;
    approved_ideas: number;
    latest_revenue: string | null;
    my_level: string;
    my_pool: string | null;
    active_ccc: number;
  }>(
    `select (select count(*)::int from public.profiles where email_confirmed) as confirmed_members,
            (select count(*)::int from public.apps) as apps,
            (select count(*)::int from public.app_ideas) as ideas,
            (select count(*)::int from public.app_ideas where status = 'approved') as approved_ideas,
            (select amount::text from public.ecommerce_revenue order by created_at desc limit 1) as latest_revenue,
            p.membership_level::text as my_level,
            (select (r.amount * mp.profit_share)::text
               from public.membership_plans mp,
                    (select amount from public.ecommerce_revenue order by created_at desc limit 1) r
              where mp.tier = p.membership_level) as my_pool,
            (select count(*)::int from public.ccc_assignments where end_date >= now()) as active_ccc
       from public.profiles p where p.email = $1`,
    [email],
  );
}

/** A notification written the way server functions write it (private.notify); returns its id. */
export async function sendNotification(
  email: string,
  notification: { type: 'profit' | 'message' | 'system'; title: string; content: string; data?: object },
): Promise<string> {
  const row = await one<{ id: string }>(
    `select (private.notify(u.id, $2::public.notification_type, $3, $4, $5::jsonb)).id as id
       from auth.users u where u.email = $1`,
    [email, notification.type, notification.title, notification.content, JSON.stringify(notification.data ?? {})],
  );
  return row.id;
}

export async function notificationReadAt(id: string): Promise<Date | null> {
  return (await one<{ read_at: Date | null }>('select read_at from public.notifications where id = $1', [id])).read_at;
}

export async function referralCodesOf(email: string): Promise<string[]> {
  const rows = await sql<{ code: string }>(
    `select c.code from public.referral_codes c join auth.users u on u.id = c.user_id where u.email = $1`,
    [email],
  );
  return rows.map((row) => row.code);
}

export async function reactionsOf(email: string, postTitle: string): Promise<string[]> {
  const rows = await sql<{ type: string }>(
    `select r.type::text from public.post_reactions r
       join public.posts p on p.id = r.post_id
       join auth.users u on u.id = r.user_id
      where u.email = $1 and p.title = $2 order by 1`,
    [email, postTitle],
  );
  return rows.map((row) => row.type);
}

/** Sets an app's revenue (as an admin edit would) and returns the plans' shares for its pools. */
export async function setAppRevenue(name: string, revenue: number): Promise<{ tier: string; share: number }[]> {
  await sql('update public.apps set revenue = $2 where name = $1', [name, revenue]);
  const plans = await sql<{ tier: string; share: string }>(
    `select tier::text, profit_share::text as share from public.membership_plans order by yearly_price_pln`,
  );
  return plans.map((plan) => ({ tier: plan.tier, share: Number(plan.share) }));
}

export async function appRevenue(name: string): Promise<number> {
  return Number(
    (await one<{ revenue: string }>('select revenue::text from public.apps where name = $1', [name])).revenue,
  );
}
