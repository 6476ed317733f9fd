/**
 * Polish plural forms, the one helper for every count next to a noun: `Intl.PluralRules('pl')`
 * says 'one' (1), 'few' (2–4, 22–24, …) or 'many' (0, 5–21, 25, …; fractions count as 'many'
 * here, which Polish texts with a whole count never show). Each text has one catalogue key per form.
 */
const rules = new Intl.PluralRules('pl');

export type PluralForms<Key extends string> = { one: Key; few: Key; many: Key };

/** The key of the form `count` needs: `t(pluralKey(n, {...}), { count: n })`. */
export function pluralKey<Key extends string>(count: number, forms: PluralForms<Key>): Key {
  const form = rules.select(count);
  if (form === 'one') return forms.one;
  if (form === 'few') return forms.few;
  return forms.many;
}
