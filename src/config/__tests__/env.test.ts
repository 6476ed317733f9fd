import { parseEnv } from '../env';

const valid = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321/',
  VITE_SUPABASE_ANON_KEY: 'anon-key',
  VITE_HCAPTCHA_SITEKEY: 'site-key',
  VITE_SITE_URL: 'https://klub.example/',
  MODE: 'production',
  PROD: true,
};

describe('parseEnv', () => {
  it('returns the typed env, without trailing slashes', () => {
    expect(parseEnv(valid)).toEqual({
      supabaseUrl: 'http://127.0.0.1:54321',
      supabaseAnonKey: 'anon-key',
      hcaptchaSiteKey: 'site-key',
      siteUrl: 'https://klub.example',
      mode: 'production',
      isProduction: true,
    });
  });

  it.each(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY', 'VITE_HCAPTCHA_SITEKEY'])('names a missing %s', (name) => {
    const record: Record<string, unknown> = { ...valid };
    delete record[name];
    expect(() => parseEnv(record)).toThrow(new RegExp(`${name} is missing`));
  });

  it('treats an empty variable as missing', () => {
    expect(() => parseEnv({ ...valid, VITE_SUPABASE_ANON_KEY: '' })).toThrow(/VITE_SUPABASE_ANON_KEY is missing/);
  });

  it('names an invalid URL', () => {
    expect(() => parseEnv({ ...valid, VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL is invalid/);
    expect(() => parseEnv({ ...valid, VITE_SITE_URL: 'ftp://klub.example' })).toThrow(/VITE_SITE_URL is invalid/);
  });

  it('names every problem at once', () => {
    expect(() => parseEnv({})).toThrow(
      /VITE_SUPABASE_URL is missing.*VITE_SUPABASE_ANON_KEY is missing.*VITE_HCAPTCHA_SITEKEY is missing/,
    );
  });

  it('falls back to the page origin for VITE_SITE_URL', () => {
    const record: Record<string, unknown> = { ...valid, VITE_SITE_URL: '' };
    expect(parseEnv(record, { defaultOrigin: 'http://localhost:5173' }).siteUrl).toBe('http://localhost:5173');
    expect(() => parseEnv(record)).toThrow(/VITE_SITE_URL is missing/);
  });

  it('is not production unless Vite says so', () => {
    expect(parseEnv({ ...valid, PROD: false, MODE: 'development' }).isProduction).toBe(false);
    expect(parseEnv({ ...valid, PROD: undefined }).isProduction).toBe(false);
  });
});
