import type { SmtpConfig } from '@/data/email/list-smtp-configs';

/** A row of admin_list_smtp_configs (the password masked, as the RPC returns it): the local default. */
export function smtpConfig(overrides: Partial<SmtpConfig> = {}): SmtpConfig {
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    name: 'Lokalny serwer pocztowy',
    host: '127.0.0.1',
    port: 54325,
    username: 'klub',
    password: '••••••••',
    from_email: 'no-reply@klub.local',
    from_name: 'Klub',
    is_default: true,
    secure: false,
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}
