import type { ReactNode } from 'react';

/** One statistic: a label, the main value and optional details below it. */
export function StatCard({ label, value, children }: { label: string; value?: ReactNode; children?: ReactNode }) {
  return (
    <li className="rounded-xl border border-surface-border bg-surface-raised p-5">
      <p className="text-sm text-ink-muted">{label}</p>
      {value === undefined ? null : <p className="mt-1 text-2xl font-bold text-ink tabular-nums">{value}</p>}
      {children ? <div className="mt-3 text-sm text-ink-muted">{children}</div> : null}
    </li>
  );
}

/** Label/value rows inside a card. */
export function StatRows({ rows }: { rows: readonly { label: ReactNode; value: ReactNode; highlight?: boolean }[] }) {
  return (
    <dl className="space-y-1">
      {rows.map((row, index) => (
        <div key={index} className={`flex justify-between gap-3 ${row.highlight ? 'font-semibold text-accent' : ''}`}>
          <dt>{row.label}</dt>
          <dd className="tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
