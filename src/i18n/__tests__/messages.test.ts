import { z } from 'zod';
import { isMessageKey, messageDomains, messages, t, translate } from '../messages';

describe('the message catalogue', () => {
  it('holds the spec texts letter for letter', () => {
    expect(messages['network.failure']).toBe('Problem z połączeniem sieciowym. Spróbuj ponownie później.');
    expect(messages['auth.user_already_exists']).toBe('Użytkownik o tym adresie email już istnieje');
    expect(messages['validation.name.min']).toBe('Imię i nazwisko musi mieć co najmniej 3 znaki');
    expect(messages['auth.session_expired.text']).toBe('Twoja sesja wygasła. Zaloguj się ponownie, aby kontynuować.');
    expect(messages['settings.email_change_failed']).toBe('Nie udało się rozpocząć procesu zmiany adresu email');
  });

  it('defines each key in one domain file only', () => {
    const seen = new Map<string, number>();
    messageDomains.forEach((domain, index) => {
      for (const key of Object.keys(domain)) {
        expect(seen.get(key), `${key} is in two domain files`).toBeUndefined();
        seen.set(key, index);
      }
    });
    expect(seen.size).toBe(Object.keys(messages).length);
  });

  it('has no empty text and no stray whitespace', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text, key).not.toBe('');
      expect(text.trim(), key).toBe(text);
    }
  });

  it('fills placeholders', () => {
    expect(t('ccc.purchase_title', { tier: 'GOLD' })).toBe('Zakup pakietu GOLD');
    expect(t('smtp.test_error', { message: 'timeout' })).toBe('Błąd: timeout');
    expect(t('ccc.purchase_title')).toBe('Zakup pakietu {tier}');
  });

  it('tells keys from texts', () => {
    expect(isMessageKey('wallet.insufficient_funds')).toBe(true);
    expect(isMessageKey('Niewystarczające środki')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(translate('wallet.insufficient_funds')).toBe('Niewystarczające środki');
    expect(translate('Dowolny tekst')).toBe('Dowolny tekst');
  });
});

describe('the zod error map (installed by the test setup as at start-up)', () => {
  const messageOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    return result.error.issues[0]?.message;
  };

  it('leaves a schema message key for the view to translate', () => {
    const message = messageOf(z.string().min(8, { error: 'validation.password.min' }), 'short');
    expect(message).toBe('validation.password.min');
    expect(translate(message ?? '')).toBe('Hasło musi mieć co najmniej 8 znaków');
  });

  it('gives Polish texts where a schema gives none', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('To pole jest wymagane');
    expect(messageOf(z.string().min(1), '')).toBe('To pole jest wymagane');
    expect(messageOf(z.string().min(3), 'ab')).toBe('Wartość jest za krótka (minimum 3)');
    expect(messageOf(z.email(), 'not-an-email')).toBe('Nieprawidłowy adres email');
    expect(messageOf(z.number().max(10), 11)).toBe('Wartość musi być mniejsza lub równa 10');
    expect(messageOf(z.number(), 'x')).toBe('Wprowadź liczbę');
  });

  it('falls back to zod’s Polish locale', () => {
    expect(messageOf(z.enum(['a', 'b']), 'c')).toMatch(/^Nieprawidłowa opcja/);
  });
});

describe('the database error contract', () => {
  // Every migration, as text (Vite's glob import; the files are read at test time).
  const migrations = import.meta.glob<string>('/supabase/migrations/*.sql', {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('has a Polish text for every message key a migration raises', () => {
    const raised = new Set<string>();
    for (const sql of Object.values(migrations)) {
      for (const match of sql.matchAll(/message\s*=\s*'([a-z_]+\.[a-z_.]+)'/g)) {
        if (match[1]) raised.add(match[1]);
      }
    }
    expect(raised.size).toBeGreaterThan(0);
    const missing = [...raised].filter((key) => !isMessageKey(key));
    expect(missing).toEqual([]);
  });
});
