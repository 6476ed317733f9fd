import { splitMarkdownLinks, toExternalHref, toSafeLink } from '../safe-links';

const ORIGIN = 'https://klub.example.com';

describe('toSafeLink', () => {
  it.each([
    ['/dashboard/ccc', { kind: 'internal', href: '/dashboard/ccc' }],
    ['/dashboard/apps?x=1#top', { kind: 'internal', href: '/dashboard/apps?x=1#top' }],
    ['https://klub.example.com/dashboard/wallet', { kind: 'internal', href: '/dashboard/wallet' }],
    ['https://example.org/a?b=c', { kind: 'external', href: 'https://example.org/a?b=c' }],
    ['http://example.org', { kind: 'external', href: 'http://example.org/' }],
  ])('%s is a link', (url, expected) => {
    expect(toSafeLink(url, ORIGIN)).toEqual(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '//evil.example',
    '/\\evil.example',
    'mailto:a@b.pl',
    'ftp://example.org',
    'relative/path',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    '\\\\evil.example',
    '/\t/evil.example',
    // Unicode look-alikes of the scheme: not a scheme at all, so not a URL.
    'ｊａｖａｓｃｒｉｐｔ:alert(1)',
    'javascript\u200b:alert(1)',
    'https://example.org/\u2028x',
    'https://example.org/\u00a0x',
    '',
  ])('%s is not', (url) => {
    expect(toSafeLink(url, ORIGIN)).toBeNull();
  });
});

describe('look-alike hosts', () => {
  it('become their punycode form, so the address opened is the one the browser shows', () => {
    // A Cyrillic 'а' in place of the Latin 'a'.
    expect(toSafeLink('https://\u0430pple.com/login', ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://xn--pple-43d.com/login',
    });
  });

  it('a full-width slash after "/" stays a path of this origin (browsers do not read it as "//")', () => {
    expect(toSafeLink('/／evil.example', ORIGIN)).toEqual({ kind: 'internal', href: '/／evil.example' });
  });
});

describe('toExternalHref', () => {
  it('keeps http(s) URLs only', () => {
    expect(toExternalHref('https://apps.apple.com/pl/app/x/id1')).toBe('https://apps.apple.com/pl/app/x/id1');
    expect(toExternalHref('javascript:alert(1)')).toBeNull();
    expect(toExternalHref('not a url')).toBeNull();
    expect(toExternalHref(null)).toBeNull();
  });
});

describe('splitMarkdownLinks', () => {
  it('splits text and safe links in order', () => {
    expect(
      splitMarkdownLinks('Nowe pakiety — [sprawdź](/dashboard/ccc) i [blog](https://blog.example.org).', ORIGIN),
    ).toEqual([
      { kind: 'text', text: 'Nowe pakiety — ' },
      { kind: 'link', text: 'sprawdź', link: { kind: 'internal', href: '/dashboard/ccc' } },
      { kind: 'text', text: ' i ' },
      { kind: 'link', text: 'blog', link: { kind: 'external', href: 'https://blog.example.org/' } },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps only the text of an unsafe link', () => {
    expect(splitMarkdownLinks('Kliknij [tutaj](javascript:alert(1)) teraz', ORIGIN)).toEqual([
      { kind: 'text', text: 'Kliknij tutaj teraz' },
    ]);
  });

  it('leaves markup as text (it is rendered as text, never as HTML)', () => {
    expect(splitMarkdownLinks('<img src=x onerror=alert(1)> [a](/b)', ORIGIN)).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> ' },
      { kind: 'link', text: 'a', link: { kind: 'internal', href: '/b' } },
    ]);
  });

  it('returns plain text unchanged', () => {
    expect(splitMarkdownLinks('Przerwa techniczna zakończona.', ORIGIN)).toEqual([
      { kind: 'text', text: 'Przerwa techniczna zakończona.' },
    ]);
  });
});
