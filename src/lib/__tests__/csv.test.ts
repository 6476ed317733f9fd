import { describe, expect, it } from 'vitest';
import { collectPages, CSV_BOM, csvCell, csvDate, csvDateTime, csvNumber, toCsv } from '../csv';

/** The cells of a written line as a spreadsheet splits them on any of , ; TAB outside quotes. */
function splitLikeSpreadsheet(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (char === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (!quoted && [',', ';', '\t'].includes(char)) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe('csv', () => {
  it('starts with a BOM, separates with ; and ends rows with CRLF', () => {
    expect(toCsv(['Data', 'Kwota'], [['2026-11-25', 12.5]])).toBe(
      `${CSV_BOM}"Data";"Kwota"\r\n"2026-11-25";"12,5"\r\n`,
    );
  });

  it('neutralises text that a spreadsheet would run as a formula, never numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+48 500')).toBe(`"'+48 500"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(-20.5)).toBe('"-20,5"');
    expect(csvCell('Zażółć gęślą jaźń')).toBe('"Zażółć gęślą jaźń"');
  });

  it('quotes every cell: a name with a comma or a tab before a formula stays one text cell', () => {
    const csv = toCsv(
      ['Członek', 'Kwota'],
      [
        ["Atak,=cmd|' /C calc'!A0", 1],
        ['Atak\t=1+1', -2.5],
      ],
    );
    expect(csv).toBe(`${CSV_BOM}"Członek";"Kwota"\r\n"Atak,=cmd|' /C calc'!A0";"1"\r\n"Atak\t=1+1";"-2,5"\r\n`);
    const rows = csv.slice(1, -2).split('\r\n').map(splitLikeSpreadsheet);
    expect(rows).toEqual([
      ['Członek', 'Kwota'],
      ["Atak,=cmd|' /C calc'!A0", '1'],
      ['Atak\t=1+1', '-2,5'],
    ]);
    // The same names unquoted, as the writer left them before: split into a cell that is a formula.
    expect(splitLikeSpreadsheet("Atak,=cmd|' /C calc'!A0;1")).toContain("=cmd|' /C calc'!A0");
    expect(splitLikeSpreadsheet('Atak\t=1+1;1')).toContain('=1+1');
  });

  it('doubles quotes inside a cell and keeps the separator and line breaks inside it', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('powiedział "tak"')).toBe('"powiedział ""tak"""');
    expect(csvCell('dwie\nlinie')).toBe('"dwie\nlinie"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(Number.NaN)).toBe('""');
  });

  it('reads pages until a short one', async () => {
    const data = Array.from({ length: 5 }, (_, i) => i);
    const asked: number[] = [];
    const rows = await collectPages(async (offset, limit) => {
      asked.push(offset);
      return data.slice(offset, offset + limit);
    }, 2);
    expect(rows).toEqual(data);
    expect(asked).toEqual([0, 2, 4]);
  });

  it('reports the rows read after every page', async () => {
    const data = Array.from({ length: 5 }, (_, i) => i);
    const progress: number[] = [];
    await collectPages(
      async (offset, limit) => data.slice(offset, offset + limit),
      2,
      (rows) => progress.push(rows),
    );
    expect(progress).toEqual([2, 4, 5]);
  });

  it('writes moments as the local "YYYY-MM-DD HH:MM:SS" a Polish spreadsheet reads as a date and time', () => {
    const local = new Date(2026, 10, 5, 9, 4, 7);
    expect(csvDateTime(local.toISOString())).toBe('2026-11-05 09:04:07');
    expect(csvDateTime(local)).toBe('2026-11-05 09:04:07');
    expect(csvDateTime(null)).toBeNull();
    expect(csvDateTime('not a date')).toBeNull();
    expect(toCsv(['Data'], [[csvDateTime(local.toISOString())]])).toBe(`${CSV_BOM}"Data"\r\n"2026-11-05 09:04:07"\r\n`);
  });

  it('keeps calendar days as they are and turns moments into their local day', () => {
    expect(csvDate('2026-11-25')).toBe('2026-11-25');
    expect(csvDate(new Date(2026, 0, 31, 23, 30).toISOString())).toBe('2026-01-31');
    expect(csvDate(null)).toBeNull();
  });

  it('turns database amounts (numbers or numeric strings) into number cells with a decimal comma', () => {
    expect(csvCell(csvNumber('1234.5'))).toBe('"1234,5"');
    expect(csvCell(csvNumber(-0.01))).toBe('"-0,01"');
    expect(csvNumber(null)).toBeNull();
    expect(csvNumber('')).toBeNull();
    expect(csvNumber('abc')).toBeNull();
  });
});
