import { isReservedDisplayName } from '../full-name';

describe('reserved display names (the database’s private.is_reserved_display_name)', () => {
  it('reserves names with a word starting with admin or moderat, in any case', () => {
    for (const name of ['Administrator Klubu', 'admin', 'Zespół ADMINISTRACJI', 'Moderator Ania', 'Ania (admin)']) {
      expect(isReservedDisplayName(name)).toBe(true);
    }
  });

  it('leaves ordinary names alone', () => {
    for (const name of ['Anna Nowak', 'Badminton Ania', 'Jan Kowalski'])
      expect(isReservedDisplayName(name)).toBe(false);
  });
});
