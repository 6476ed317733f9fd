// A small, strict TOML reader for supabase/config.toml. It understands what the Supabase CLI writes
// and what people add by hand: comments, [table] and [dotted.table] headers, bare and quoted keys,
// basic and literal strings, integers, floats, booleans and (multi-line) arrays of those. Anything
// else (inline tables, arrays of tables, multi-line strings, dates) fails loudly with the line number,
// so a config the stack cannot read never turns into silently wrong settings.

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export class TomlError extends Error {
  constructor(message: string, line: number) {
    super(`config.toml line ${line}: ${message}`);
    this.name = 'TomlError';
  }
}

interface Cursor {
  text: string;
  pos: number;
  line: number;
}

export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  let table = root;
  const cursor: Cursor = { text, pos: 0, line: 1 };
  for (;;) {
    skipBlank(cursor);
    if (cursor.pos >= text.length) return root;
    if (text[cursor.pos] === '[') {
      table = openTable(root, readHeader(cursor), cursor.line);
    } else {
      readKeyValue(cursor, table);
    }
    expectLineEnd(cursor);
  }
}

function skipBlank(cursor: Cursor): void {
  while (cursor.pos < cursor.text.length) {
    const char = cursor.text[cursor.pos];
    if (char === '#') {
      while (cursor.pos < cursor.text.length && cursor.text[cursor.pos] !== '\n') cursor.pos += 1;
    } else if (char === '\n') {
      cursor.line += 1;
      cursor.pos += 1;
    } else if (char === ' ' || char === '\t' || char === '\r') {
      cursor.pos += 1;
    } else {
      return;
    }
  }
}

function skipSpaces(cursor: Cursor): void {
  while (cursor.text[cursor.pos] === ' ' || cursor.text[cursor.pos] === '\t') cursor.pos += 1;
}

function expectLineEnd(cursor: Cursor): void {
  skipSpaces(cursor);
  const char = cursor.text[cursor.pos];
  if (char === undefined || char === '\n' || char === '#' || char === '\r') return;
  throw new TomlError(`unexpected "${char}" after the value`, cursor.line);
}

function readHeader(cursor: Cursor): string[] {
  cursor.pos += 1;
  if (cursor.text[cursor.pos] === '[') throw new TomlError('arrays of tables ([[…]]) are not supported', cursor.line);
  const path = readKeyPath(cursor);
  skipSpaces(cursor);
  if (cursor.text[cursor.pos] !== ']') throw new TomlError('expected "]" to close the table header', cursor.line);
  cursor.pos += 1;
  return path;
}

function openTable(root: TomlTable, path: string[], line: number): TomlTable {
  let table = root;
  for (const key of path) {
    const existing = table[key];
    if (existing === undefined) {
      const created: TomlTable = {};
      table[key] = created;
      table = created;
    } else if (isTable(existing)) {
      table = existing;
    } else {
      throw new TomlError(`"${path.join('.')}" is already a value, not a table`, line);
    }
  }
  return table;
}

function readKeyValue(cursor: Cursor, table: TomlTable): void {
  const path = readKeyPath(cursor);
  skipSpaces(cursor);
  if (cursor.text[cursor.pos] !== '=') throw new TomlError(`expected "=" after "${path.join('.')}"`, cursor.line);
  cursor.pos += 1;
  skipSpaces(cursor);
  const value = readValue(cursor);
  const last = path.pop() as string;
  const target = openTable(table, path, cursor.line);
  if (last in target) throw new TomlError(`"${last}" is defined twice`, cursor.line);
  target[last] = value;
}

function readKeyPath(cursor: Cursor): string[] {
  const keys: string[] = [];
  for (;;) {
    skipSpaces(cursor);
    keys.push(readKey(cursor));
    skipSpaces(cursor);
    if (cursor.text[cursor.pos] !== '.') return keys;
    cursor.pos += 1;
  }
}

function readKey(cursor: Cursor): string {
  const char = cursor.text[cursor.pos];
  if (char === '"') return readBasicString(cursor);
  if (char === "'") return readLiteralString(cursor);
  const match = /^[A-Za-z0-9_-]+/.exec(cursor.text.slice(cursor.pos));
  if (!match) throw new TomlError(`expected a key, found "${char ?? 'end of file'}"`, cursor.line);
  cursor.pos += match[0].length;
  return match[0];
}

function readValue(cursor: Cursor): TomlValue {
  const char = cursor.text[cursor.pos];
  const rest = cursor.text.slice(cursor.pos);
  if (rest.startsWith('"""') || rest.startsWith("'''")) {
    throw new TomlError('multi-line strings are not supported', cursor.line);
  }
  if (char === '"') return readBasicString(cursor);
  if (char === "'") return readLiteralString(cursor);
  if (char === '[') return readArray(cursor);
  if (char === '{') throw new TomlError('inline tables ({ … }) are not supported', cursor.line);
  return readScalar(cursor);
}

function readScalar(cursor: Cursor): boolean | number {
  const match = /^[^\s,\]#]+/.exec(cursor.text.slice(cursor.pos));
  const word = match?.[0] ?? '';
  cursor.pos += word.length;
  if (word === 'true') return true;
  if (word === 'false') return false;
  const cleaned = word.replace(/_/g, '');
  if (/^[+-]?\d+$/.test(cleaned)) return Number.parseInt(cleaned, 10);
  if (/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(cleaned)) return Number.parseFloat(cleaned);
  throw new TomlError(`unsupported value "${word}"`, cursor.line);
}

function readArray(cursor: Cursor): TomlValue[] {
  cursor.pos += 1;
  const items: TomlValue[] = [];
  for (;;) {
    skipBlank(cursor);
    if (cursor.text[cursor.pos] === ']') {
      cursor.pos += 1;
      return items;
    }
    items.push(readValue(cursor));
    skipBlank(cursor);
    const char = cursor.text[cursor.pos];
    if (char === ',') {
      cursor.pos += 1;
    } else if (char !== ']') {
      throw new TomlError(`expected "," or "]" in an array, found "${char ?? 'end of file'}"`, cursor.line);
    }
  }
}

const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

function readBasicString(cursor: Cursor): string {
  let result = '';
  cursor.pos += 1;
  for (;;) {
    const char = cursor.text[cursor.pos];
    if (char === undefined || char === '\n') throw new TomlError('unterminated string', cursor.line);
    cursor.pos += 1;
    if (char === '"') return result;
    if (char !== '\\') {
      result += char;
      continue;
    }
    result += readEscape(cursor);
  }
}

function readEscape(cursor: Cursor): string {
  const code = cursor.text[cursor.pos] ?? '';
  cursor.pos += 1;
  const simple = ESCAPES[code];
  if (simple !== undefined) return simple;
  const length = code === 'u' ? 4 : code === 'U' ? 8 : 0;
  const hex = cursor.text.slice(cursor.pos, cursor.pos + length);
  if (!length || !/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== length) {
    throw new TomlError(`invalid escape "\\${code}"`, cursor.line);
  }
  cursor.pos += length;
  return String.fromCodePoint(Number.parseInt(hex, 16));
}

function readLiteralString(cursor: Cursor): string {
  const end = cursor.text.indexOf("'", cursor.pos + 1);
  const newline = cursor.text.indexOf('\n', cursor.pos + 1);
  if (end === -1 || (newline !== -1 && newline < end)) throw new TomlError('unterminated string', cursor.line);
  const value = cursor.text.slice(cursor.pos + 1, end);
  cursor.pos = end + 1;
  return value;
}

export function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
