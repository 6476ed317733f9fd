// Logical decoding can hand a transaction over a moment before other sessions see it: its commit
// record is flushed (and so decodable) before the committing backend leaves PostgreSQL's list of
// running transactions. A row-level security check made in that moment would not find the row.
// So before a transaction's changes are looked up, the emulation waits until a fresh snapshot
// counts the transaction as finished (visibility only grows: later snapshots see it too).
import type pg from 'pg';

const GIVE_UP_MS = 2_000;

/** True when the snapshot ("xmin:xmax:xip,…" of pg_current_snapshot()) sees the 32-bit xid as finished. */
export function finishedIn(snapshot: string, xid: number): boolean {
  const [xminText, xmaxText, xipText = ''] = snapshot.split(':');
  const xmin = BigInt(xminText ?? '0');
  const xmax = BigInt(xmaxText ?? '0');
  // How far the 32-bit xid lies before xmax, compared the way PostgreSQL compares xids (modulo
  // 2^32). Not before xmax: the transaction has not finished in this snapshot yet.
  const distance = (Number(xmax & 0xffffffffn) - xid) | 0;
  if (distance <= 0) return false;
  const full = xmax - BigInt(distance);
  if (full < xmin) return true;
  return !xipText
    .split(',')
    .filter(Boolean)
    .some((running) => BigInt(running) === full);
}

export async function waitUntilFinished(owner: pg.Pool, xid: number): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const { rows } = await owner.query<{ snapshot: string }>(
      'select pg_catalog.pg_current_snapshot()::text as snapshot',
    );
    if (finishedIn(rows[0]?.snapshot ?? '', xid) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The visibility of one decoded transaction, checked once. */
export class TransactionGate {
  private finished = false;
  private waiting: Promise<void> | undefined;

  constructor(
    private readonly owner: pg.Pool,
    readonly xid: number,
  ) {}

  /** Resolves once the transaction is visible; `snapshot`, just taken, may already show it. */
  async ensure(snapshot?: string): Promise<void> {
    if (this.finished) return;
    if (snapshot !== undefined && finishedIn(snapshot, this.xid)) {
      this.finished = true;
      return;
    }
    this.waiting ??= waitUntilFinished(this.owner, this.xid).then(() => {
      this.finished = true;
    });
    await this.waiting;
  }
}
