import { pluralKey } from '../plural';

const forms = { one: 'plik', few: 'pliki', many: 'plików' };

describe('pluralKey (Intl.PluralRules pl)', () => {
  it.each([
    [1, 'plik'],
    [2, 'pliki'],
    [4, 'pliki'],
    [5, 'plików'],
    [0, 'plików'],
    [12, 'plików'],
    [21, 'plików'],
    [22, 'pliki'],
    [25, 'plików'],
    [104, 'pliki'],
    [111, 'plików'],
  ])('%i → %s', (count, form) => {
    expect(pluralKey(count, forms)).toBe(form);
  });
});
