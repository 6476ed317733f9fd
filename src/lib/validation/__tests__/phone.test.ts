import { E164_PHONE_PATTERN } from '../phone';

// The migrations, newest last: the phone check the database applies on every profile write.
const migrations = import.meta.glob<string>('/supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function databasePhonePattern(): RegExp {
  const files = Object.keys(migrations).sort();
  let pattern: string | undefined;
  for (const file of files) {
    for (const match of (migrations[file] ?? '').matchAll(/new\.phone !~ '([^']+)'/g)) pattern = match[1];
  }
  if (!pattern) throw new Error('no phone check in the migrations');
  return new RegExp(pattern);
}

describe('the phone rule: one rule in the browser and the database', () => {
  const samples = [
    '+48501234567',
    '+4812345',
    '+481234',
    '+123456789012345',
    '+1234567890123456',
    '+0123456789',
    '48501234567',
    '+48 501 234 567',
    '+',
    '',
  ];

  it('accepts E.164 with 7 to 15 digits only', () => {
    expect(samples.filter((value) => E164_PHONE_PATTERN.test(value))).toEqual([
      '+48501234567',
      '+4812345',
      '+123456789012345',
    ]);
  });

  it('is the pattern of the latest migration that checks phones', () => {
    const database = databasePhonePattern();
    for (const value of samples) expect([value, database.test(value)]).toEqual([value, E164_PHONE_PATTERN.test(value)]);
  });
});
