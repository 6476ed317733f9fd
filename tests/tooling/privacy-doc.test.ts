// docs/privacy.md, the record of processing, stays true to the schema (issue 38 §3): every table of
// the app's schemas (public, private) is described there or listed as holding no personal data,
// every column of a described table is named in its section (a personal column with its purpose,
// legal basis, retention and readers, or under "Other columns"), nothing named there is gone from
// the schema, and every table of Supabase's auth and storage schemas is named. And the data file's
// sections (private.member_data_catalogue) each have their Polish description
// (src/i18n/privacy-notice.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPORT_SECTIONS } from '../../src/i18n/privacy-notice.ts';
import { admin } from '../helpers/db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = readFileSync(path.join(ROOT, 'docs/privacy.md'), 'utf8');

type Section = { personal: Map<string, string[]>; other: Set<string> };

/** The sections `### schema.table`: their personal columns (table rows) and "Other columns". */
function describedTables(markdown: string): Map<string, Section> {
  const tables = new Map<string, Section>();
  const parts = markdown.split(/^### /m).slice(1);
  for (const part of parts) {
    const [heading = '', ...lines] = part.split('\n');
    const name = heading.trim();
    const section: Section = { personal: new Map(), other: new Set() };
    const body = lines.join('\n').split(/^## /m)[0] ?? '';
    for (const line of body.split('\n')) {
      const row = /^\|\s*`([a-z_0-9]+)`\s*\|(.*)\|\s*$/.exec(line);
      if (row)
        section.personal.set(
          row[1]!,
          row[2]!.split('|').map((cell) => cell.trim()),
        );
    }
    const other = /Other columns \(no personal data\):([\s\S]*?)(?:\n\n|$)/.exec(body);
    for (const [, column] of other?.[1]?.matchAll(/`([a-z_0-9]+)`/g) ?? []) section.other.add(column!);
    tables.set(name, section);
  }
  return tables;
}

/** The bullet list under "Tables without personal data". */
function tablesWithoutPersonalData(markdown: string): Set<string> {
  const list = markdown.split(/^## Tables without personal data$/m)[1] ?? '';
  return new Set([...list.matchAll(/^- `([a-z_]+\.[a-z_0-9]+)`/gm)].map((match) => match[1]!));
}

describe('docs/privacy.md, the record of processing', () => {
  const described = describedTables(DOC);
  const without = tablesWithoutPersonalData(DOC);

  it('describes every column of every table of the app’s schemas, or lists the table as holding no personal data', async () => {
    const { rows } = await admin().query<{ table_name: string; column_name: string }>(`
      select format('%s.%s', c.table_schema, c.table_name) as table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema in ('public', 'private') and t.table_type = 'BASE TABLE'
       order by 1, c.ordinal_position`);
    const schema = new Map<string, string[]>();
    for (const row of rows) schema.set(row.table_name, [...(schema.get(row.table_name) ?? []), row.column_name]);

    const undescribedTables = [...schema.keys()].filter((table) => !described.has(table) && !without.has(table));
    expect(undescribedTables, 'tables neither described nor listed without personal data').toEqual([]);

    const undescribedColumns = [...schema].flatMap(([table, columns]) => {
      const section = described.get(table);
      if (!section) return [];
      return columns
        .filter((column) => !section.personal.has(column) && !section.other.has(column))
        .map((column) => `${table}.${column}`);
    });
    expect(undescribedColumns, 'columns of the schema not described in docs/privacy.md').toEqual([]);

    const gone = [
      ...[...described.keys()].filter((table) => /^(public|private)\./.test(table) && !schema.has(table)),
      ...[...without].filter((table) => /^(public|private)\./.test(table) && !schema.has(table)),
      ...[...described].flatMap(([table, section]) =>
        schema.has(table)
          ? [...section.personal.keys(), ...section.other]
              .filter((column) => !schema.get(table)!.includes(column))
              .map((column) => `${table}.${column}`)
          : [],
      ),
    ];
    expect(gone, 'named in docs/privacy.md but not in the schema').toEqual([]);
    expect(
      [...described.keys()].filter((table) => without.has(table)),
      'both described and without personal data',
    ).toEqual([]);
  });

  it('gives each personal column its data, purpose, legal basis, retention and readers', () => {
    const incomplete = [...described].flatMap(([table, section]) =>
      [...section.personal]
        .filter(([, cells]) => cells.length !== 5 || cells.some((cell) => cell === ''))
        .map(([column]) => `${table}.${column}`),
    );
    expect(incomplete).toEqual([]);
    const bases = [...described.values()].flatMap((section) =>
      [...section.personal.values()].map((cells) => cells[2]!),
    );
    expect(bases.filter((basis) => !/^[BCF](, [BCF])*( \(art\. 17\))?$/.test(basis))).toEqual([]);
  });

  it('names every table of Supabase’s auth and storage schemas', async () => {
    const { rows } = await admin().query<{ name: string }>(`
      select format('%s.%s', table_schema, table_name) as name from information_schema.tables
       where table_schema in ('auth', 'storage') and table_type = 'BASE TABLE' order by 1`);
    expect(rows.map((row) => row.name).filter((name) => !described.has(name) && !without.has(name))).toEqual([]);
  });

  it('the data file describes each of its sections in Polish', async () => {
    const { rows } = await admin().query<{ section: string }>(
      'select distinct section from private.member_data_catalogue() where section is not null order by 1',
    );
    expect(rows.map((row) => row.section).filter((section) => !EXPORT_SECTIONS[section])).toEqual([]);
    expect(Object.keys(EXPORT_SECTIONS).filter((section) => !rows.some((row) => row.section === section))).toEqual([]);
  });
});
