// Who may send a test e-mail, and the stored configurations, both through PostgREST:
//   - the admin check asks the database with the caller's own JWT (the RPC admin_list_smtp_configs
//     runs private.is_admin(), which includes the second-factor rule), so the function and the
//     admin tab can never disagree about who is an admin;
//   - a stored configuration, password included, is read with the service role, inside this
//     function only; the password never leaves it.
import type { SmtpConfig } from '../_shared/mailer.ts';

export type AccessResult = 'admin' | 'unauthorized' | 'forbidden';

export interface AccessGate {
  /** What the database says about the bearer of this JWT. */
  check(jwt: string): Promise<AccessResult>;
}

export interface StoredSmtpConfig extends SmtpConfig {
  id: string;
}

export interface SmtpConfigStore {
  find(id: string): Promise<StoredSmtpConfig | null>;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

export function postgrestAccessGate(supabaseUrl: string, anonKey: string, fetchImpl: typeof fetch = fetch): AccessGate {
  return {
    async check(jwt) {
      const response = await fetchImpl(`${supabaseUrl}/rest/v1/rpc/admin_list_smtp_configs`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${jwt}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: '{}',
      });
      await response.body?.cancel();
      if (response.ok) return 'admin';
      // PostgREST: 401 for a missing, invalid or expired JWT and for anon; 403 for an authenticated
      // caller refused by the function (42501 auth.forbidden).
      if (response.status === 401) return 'unauthorized';
      if (response.status === 403) return 'forbidden';
      throw new UpstreamError(`the admin check answered ${response.status}`);
    },
  };
}

type Row = Record<string, unknown>;

function toStored(row: Row): StoredSmtpConfig {
  const text = (name: string) => {
    const value = row[name];
    if (typeof value !== 'string') throw new UpstreamError(`smtp_configs.${name} is not text`);
    return value;
  };
  if (typeof row.port !== 'number') throw new UpstreamError('smtp_configs.port is not a number');
  return {
    id: text('id'),
    host: text('host'),
    port: row.port,
    username: text('username'),
    password: typeof row.password === 'string' ? row.password : '',
    from_email: text('from_email'),
    from_name: text('from_name'),
  };
}

export function postgrestSmtpConfigStore(
  supabaseUrl: string,
  serviceRoleKey: string,
  fetchImpl: typeof fetch = fetch,
): SmtpConfigStore {
  return {
    async find(id) {
      const query = new URLSearchParams({
        id: `eq.${id}`,
        select: 'id,host,port,username,password,from_email,from_name',
      });
      const response = await fetchImpl(`${supabaseUrl}/rest/v1/smtp_configs?${query}`, {
        headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, Accept: 'application/json' },
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new UpstreamError(`reading the SMTP configuration answered ${response.status}`);
      }
      const rows = (await response.json()) as Row[];
      return rows[0] ? toStored(rows[0]) : null;
    },
  };
}
