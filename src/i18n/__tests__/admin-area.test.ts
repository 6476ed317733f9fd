import { messages, isMessageKey, translate } from '../messages';
import { adminAreaMessages } from '../messages/admin-area';

describe('the admin area catalogue', () => {
  it('shares no key with the entry catalogue', () => {
    for (const key of Object.keys(adminAreaMessages)) expect(Object.hasOwn(messages, key), key).toBe(false);
  });

  it('has no empty text and no stray whitespace', () => {
    for (const [key, text] of Object.entries(adminAreaMessages)) {
      expect(text, key).not.toBe('');
      expect(text.trim(), key).toBe(text);
    }
  });

  it('translates its keys only once an admin module has registered it', async () => {
    expect(isMessageKey('admin.users.search')).toBe(false);
    const { t } = await import('../admin-area');
    expect(isMessageKey('admin.users.search')).toBe(true);
    expect(translate('validation.template.name_required')).toBe('Nazwa szablonu jest wymagana');
    expect(t('admin.pagination.status', { page: 2, pages: 5 })).toBe('Strona 2 z 5');
    expect(t('smtp.test_sent')).toBe('Wiadomość testowa została wysłana. Sprawdź swoją skrzynkę email.');
  });
});
