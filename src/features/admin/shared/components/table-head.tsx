import type { ReactNode } from 'react';

/** An admin table's column headings, muted, the last one (the actions) without the right padding. */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead className="text-ink-muted">
      <tr>
        {columns.map((column, index) => (
          <th
            // The columns are fixed for a table: their place is their identity.
            key={index}
            scope="col"
            className={index === columns.length - 1 ? 'py-2 font-medium' : 'py-2 pr-3 font-medium'}
          >
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
