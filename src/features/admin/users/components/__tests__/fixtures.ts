import type { AdminUser } from '@/data/users/list-users';

let sequence = 0;

/** A row of admin_list_users. */
export function listedUser(overrides: Partial<AdminUser> = {}): AdminUser {
  sequence += 1;
  const id = crypto.randomUUID();
  return {
    id: crypto.randomUUID(),
    user_id: id,
    full_name: `Jan Członek ${sequence}`,
    email: `ewa${sequence}@example.test`,
    phone: '+48501234567',
    email_confirmed: true,
    membership_level: 'FREE',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    display_name: 'Ewa',
    avatar_url: null as unknown as string,
    two_factor_enabled: false,
    total_count: 1,
    membership_valid_until: null as unknown as string,
    ...overrides,
    // The database derives it: the stored level while the end date holds (a test sets it when they differ).
    effective_level: overrides.effective_level ?? overrides.membership_level ?? 'FREE',
  };
}
