// The audit trail's tamper evidence, as tests read it: private.verify_audit_chain() walks the hash
// chain of public.admin_audit_log and names the first row where it breaks (per-file.ts checks it
// after every integration test file; tests/db/audit.test.ts breaks it on purpose inside
// transactions it rolls back).
import type pg from 'pg';
import { admin } from '../helpers/db.ts';

export interface AuditChainState {
  intact: boolean;
  verified_from: string;
  checked: string;
  head_seq: string;
  head_hash: string;
  broken_seq: string | null;
  broken_id: string | null;
  problem: 'hash' | 'link' | 'unlinked' | 'published' | null;
  published_seq: string | null;
  published_hash: string | null;
}

/** The chain as private.verify_audit_chain() sees it, on `client` (e.g. inside an open transaction). */
export async function auditChainState(client: Pick<pg.Pool, 'query'> = admin()): Promise<AuditChainState> {
  const { rows } = await client.query<AuditChainState>('select * from private.verify_audit_chain()');
  return rows[0]!;
}
