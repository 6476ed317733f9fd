// supabase/config.toml read with smol-toml (TOML 1.0 in full, checked against the toml-test suite):
// any valid hand edit reads as the Supabase CLI reads it, and a file that is not valid TOML fails
// with its line and column instead of turning into silently wrong settings.
import { parse, TomlError as SyntaxError, type TomlTableWithoutBigInt, type TomlValueWithoutBigInt } from 'smol-toml';

export type TomlValue = TomlValueWithoutBigInt;
export type TomlTable = TomlTableWithoutBigInt;

export class TomlError extends Error {
  constructor(message: string, line: number, column: number) {
    super(`config.toml line ${line}, column ${column}: ${message}`);
    this.name = 'TomlError';
  }
}

export function parseToml(text: string): TomlTable {
  try {
    // `__proto__` or `constructor` as a key is no Supabase setting: refused, never merged into objects.
    return parse(text, { unsafeKeyBehaviour: 'throw' });
  } catch (error) {
    if (error instanceof SyntaxError) {
      // smol-toml's message repeats the line with a caret below it; the first line says what is wrong.
      const [first] = error.message.split('\n');
      throw new TomlError((first ?? error.message).replace(/^Invalid TOML document: /, ''), error.line, error.column);
    }
    throw error;
  }
}

export function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
