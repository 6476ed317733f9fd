import { describe, expect, it } from 'vitest';
import { collectPages, CSV_BOM, csvCell, toCsv } from '../csv';

describe('csv', () => {
  it('starts with a BOM, separates with ; and ends rows with CRLF', () => {
    expect(toCsv(['Data', 'Kwota'], [['2026-11-25', 12.5]])).toBe(`${CSV_BOM}Data;Kwota\r\n2026-11-25;12,5\r\n`);
  });

  it('neutralises text that a spreadsheet would run as a formula, never numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+48 500')).toBe("'+48 500");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-20.5)).toBe('-20,5');
    expect(csvCell('Zażółć gęślą jaźń')).toBe('Zażółć gęślą jaźń');
  });

  it('quotes cells with the separator, quotes or line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('powiedział "tak"')).toBe('"powiedział ""tak"""');
    expect(csvCell('dwie\nlinie')).toBe('"dwie\nlinie"');
    expect(csvCell(null)).toBe('');
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
});
