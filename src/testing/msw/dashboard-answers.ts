import type { User } from '@supabase/supabase-js';
import { http, HttpResponse } from 'msw';
import type { Tables } from '@/types/database.types';
import { restUrl, siteSettingsRow } from './handlers';

/*
 * PostgREST-shaped answers for what the signed-in shell reads on every dashboard page: the own
 * profile, the site settings, the unread count, the notifications list and the announcements.
 * They hold no rules; each test passes the rows the server would return.
 */

type ProfileRow = Pick<
  Tables<'profiles'>,
  | 'id'
  | 'user_id'
  | 'full_name'
  | 'email'
  | 'phone'
  | 'email_confirmed'
  | 'membership_level'
  | 'membership_valid_until'
  | 'effective_membership_level'
  | 'created_at'
  | 'updated_at'
> & {
  user_settings: Pick<
    Tables<'user_settings'>,
    'display_name' | 'avatar_url' | 'two_factor_enabled' | 'theme' | 'notification_preferences' | 'updated_at'
  > | null;
};

export type NotificationRow = Pick<
  Tables<'notifications'>,
  'id' | 'type' | 'title' | 'content' | 'data' | 'created_at' | 'read_at'
>;

/** The member's profile row with nested settings, as `profiles?select=…,user_settings(…)` returns it. */
export function profileRow(
  user: User,
  overrides: {
    level?: ProfileRow['membership_level'];
    /** The end date (YYYY-MM-DD); null: none. */
    validUntil?: string | null;
    /** The level the server counts today (FREE after the end date); the stored level unless given. */
    effectiveLevel?: ProfileRow['membership_level'];
    displayName?: string | null;
    fullName?: string;
  } = {},
): ProfileRow {
  const now = new Date().toISOString();
  const fullName =
    overrides.fullName ??
    (typeof user.user_metadata.full_name === 'string' ? user.user_metadata.full_name : 'Jan Członek');
  return {
    id: crypto.randomUUID(),
    user_id: user.id,
    full_name: fullName,
    email: user.email ?? 'member@example.test',
    phone: null,
    email_confirmed: true,
    membership_level: overrides.level ?? 'FREE',
    membership_valid_until: overrides.validUntil ?? null,
    effective_membership_level: overrides.effectiveLevel ?? overrides.level ?? 'FREE',
    created_at: now,
    updated_at: now,
    user_settings: {
      display_name: overrides.displayName === undefined ? fullName : overrides.displayName,
      avatar_url: null,
      two_factor_enabled: false,
      theme: 'dark',
      notification_preferences: {},
      updated_at: now,
    },
  };
}

let notificationSequence = 0;

/** A notification row; newer ones get later dates unless `created_at` is given. */
export function notificationRow(overrides: Partial<NotificationRow> = {}): NotificationRow {
  notificationSequence += 1;
  return {
    id: crypto.randomUUID(),
    type: 'system',
    title: `Powiadomienie ${notificationSequence}`,
    content: 'Treść powiadomienia',
    data: {},
    created_at: new Date(Date.UTC(2026, 10, 1, 10, notificationSequence)).toISOString(),
    read_at: null,
    ...overrides,
  };
}

export { siteSettingsRow };

type ShellAnswers = {
  profile?: ProfileRow | null;
  siteSettings?: ReturnType<typeof siteSettingsRow>;
  unread?: number;
  notifications?: NotificationRow[];
  announcements?: { id: string; content: string; created_at: string }[];
};

/** HEAD …/notifications?read_at=is.null with `Prefer: count=exact`: the count in Content-Range. */
export function unreadCountAnswer(count: number) {
  return new HttpResponse(null, { status: 200, headers: { 'Content-Range': `*/${count}` } });
}

/** MSW handlers for the shell's reads; pass what each read returns (defaults: nothing, zero). */
export function shellHandlers(answers: ShellAnswers = {}) {
  return [
    http.get(restUrl('/profiles'), () =>
      answers.profile
        ? HttpResponse.json(answers.profile)
        : HttpResponse.json(
            {
              code: 'PGRST116',
              message: 'JSON object requested, multiple (or no) rows returned',
              details: 'The result contains 0 rows',
              hint: null,
            },
            { status: 406 },
          ),
    ),
    http.get(restUrl('/site_settings'), () => HttpResponse.json(answers.siteSettings ?? siteSettingsRow())),
    http.head(restUrl('/notifications'), () => unreadCountAnswer(answers.unread ?? 0)),
    http.get(restUrl('/notifications'), () => HttpResponse.json(answers.notifications ?? [])),
    http.get(restUrl('/announcements'), () => HttpResponse.json(answers.announcements ?? [])),
  ];
}
