import { z } from 'zod';
import '../account';
import { t as adminT } from '../admin';
import { isMessageKey, messages, registerMessages, t, translate } from '../messages';
import { accountMessages } from '../messages/account';
import { adminMessages } from '../messages/admin';
import { appsMessages } from '../messages/apps';
import { authMessages } from '../messages/auth';
import { commonMessages } from '../messages/common';
import { csvMessages } from '../messages/csv';
import { dashboardMessages } from '../messages/dashboard';
import { ideasMessages } from '../messages/ideas';
import { mfaMessages } from '../messages/mfa';
import { navMessages } from '../messages/nav';
import { plansMessages } from '../messages/plans';
import { privacyMessages } from '../messages/privacy';
import { settingsMessages } from '../messages/settings';
import { walletMessages } from '../messages/wallet';
import { t as plansT } from '../plans';
import '../apps';
import '../csv';
import '../dashboard';
import '../ideas';
import '../mfa';
import '../privacy';
import '../settings';
import '../wallet';

/** Every domain file: the entry's and the ones lazy chunks load. */
const allDomains = [
  commonMessages,
  navMessages,
  authMessages,
  accountMessages,
  dashboardMessages,
  appsMessages,
  plansMessages,
  walletMessages,
  settingsMessages,
  ideasMessages,
  adminMessages,
  mfaMessages,
  csvMessages,
  privacyMessages,
];

describe('the message catalogue', () => {
  it('holds the spec texts letter for letter', () => {
    expect(messages['network.failure']).toBe('Problem z połączeniem sieciowym. Spróbuj ponownie później.');
    expect(messages['auth.user_already_exists']).toBe('Użytkownik o tym adresie email już istnieje');
    expect(messages['validation.name.min']).toBe('Imię i nazwisko musi mieć co najmniej 3 znaki');
    expect(messages['auth.session_expired.text']).toBe('Twoja sesja wygasła. Zaloguj się ponownie, aby kontynuować.');
    expect(settingsMessages['settings.email_change_failed']).toBe(
      'Nie udało się rozpocząć procesu zmiany adresu email',
    );
  });

  it('defines each key in one domain file only', () => {
    const seen = new Map<string, number>();
    allDomains.forEach((domain, index) => {
      for (const key of Object.keys(domain)) {
        expect(seen.get(key), `${key} is in two domain files`).toBeUndefined();
        seen.set(key, index);
      }
    });
    expect(Object.keys(messages).length).toBe(
      Object.keys(commonMessages).length + Object.keys(navMessages).length + Object.keys(authMessages).length,
    );
  });

  it('keeps the dashboard domains out of the entry catalogue', () => {
    expect(Object.hasOwn(messages, 'wallet.insufficient_funds')).toBe(false);
    expect(Object.hasOwn(messages, 'smtp.test_sent')).toBe(false);
  });

  it('refuses a second, different text under a known key', () => {
    expect(() => registerMessages({ 'app.retry': 'Inny tekst' })).toThrow(/defined twice/);
    expect(() => registerMessages({ 'app.retry': messages['app.retry'] })).not.toThrow();
  });

  it('has no empty text and no stray whitespace', () => {
    for (const [key, text] of allDomains.flatMap((domain) => Object.entries(domain))) {
      expect(text, key).not.toBe('');
      expect(text.trim(), key).toBe(text);
    }
  });

  it('fills placeholders', () => {
    expect(plansT('ccc.purchase_title', { tier: 'GOLD' })).toBe('Zakup pakietu GOLD');
    expect(adminT('smtp.test_error', { message: 'timeout' })).toBe('Błąd: timeout');
    expect(plansT('ccc.purchase_title')).toBe('Zakup pakietu {tier}');
    expect(t('app.retry')).toBe('Spróbuj ponownie');
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

  it('has a Polish text for every message key a migration raises (all domains loaded)', () => {
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
