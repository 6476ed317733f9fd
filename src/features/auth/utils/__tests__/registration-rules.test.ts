import { t } from '@/i18n/messages';
import { checkPhone, isServicePhoneValid } from '@/components/form/phone-field';
import { registrationProblems, type RegistrationInput } from '../registration-rules';

const valid: RegistrationInput = {
  email: 'jan@example.pl',
  password: 'Haslo1234',
  name: 'Jan Kowalski',
  phone: '+48501234567',
};

const problems = (input: Partial<RegistrationInput>) =>
  registrationProblems({ ...valid, ...input }, isServicePhoneValid).map((key) => t(key));

describe('registration, service level (product.md#account-5)', () => {
  it('accepts a valid registration', () => {
    expect(problems({})).toEqual([]);
  });

  it('requires a valid e-mail', () => {
    expect(problems({ email: ' ' })).toEqual(['Adres email jest wymagany']);
    expect(problems({ email: 'jan@example' })).toEqual(['Nieprawidłowy adres email']);
  });

  it('requires a password of 8+ characters with an uppercase letter, a lowercase letter and a digit', () => {
    expect(problems({ password: '' })).toEqual(['Hasło jest wymagane']);
    expect(problems({ password: 'Ab1' })).toEqual(['Hasło musi mieć co najmniej 8 znaków']);
    expect(problems({ password: 'abcdefgh' })).toEqual(['Hasło musi zawierać wielką literę, małą literę i cyfrę']);
    expect(problems({ password: 'ABCDEFG1' })).toEqual(['Hasło musi zawierać wielką literę, małą literę i cyfrę']);
    expect(problems({ password: 'Abcdefgh' })).toEqual(['Hasło musi zawierać wielką literę, małą literę i cyfrę']);
    expect(problems({ password: 'abc' })).toEqual([
      'Hasło musi mieć co najmniej 8 znaków',
      'Hasło musi zawierać wielką literę, małą literę i cyfrę',
    ]);
  });

  it('requires a name of 2+ characters: letters (Polish ones too), spaces and hyphens', () => {
    expect(problems({ name: 'Żaneta Łęcka-Śródka' })).toEqual([]);
    expect(problems({ name: '  ' })).toEqual(['Imię i nazwisko jest wymagane']);
    expect(problems({ name: 'J' })).toEqual(['Imię i nazwisko musi mieć co najmniej 2 znaki']);
    expect(problems({ name: 'Jan 3' })).toEqual(['Imię i nazwisko może zawierać tylko litery, spacje i myślniki']);
    expect(problems({ name: 'Jan_Kowalski' })).toEqual([
      'Imię i nazwisko może zawierać tylko litery, spacje i myślniki',
    ]);
  });

  it('requires a valid phone, or +48 and 9 digits', () => {
    expect(problems({ phone: '' })).toEqual(['Numer telefonu jest wymagany']);
    expect(problems({ phone: '+4812' })).toEqual(['Nieprawidłowy numer telefonu']);
    expect(problems({ phone: '501234567' })).toEqual([]);
    expect(problems({ phone: '+48501234567' })).toEqual([]);
    expect(problems({ phone: '+14155552671' })).toEqual([]);
  });

  it('lists every problem, in order (the form joins them with commas)', () => {
    expect(problems({ email: 'x', password: 'abc', name: 'J3', phone: '' }).join(', ')).toBe(
      'Nieprawidłowy adres email, Hasło musi mieć co najmniej 8 znaków, ' +
        'Hasło musi zawierać wielką literę, małą literę i cyfrę, ' +
        'Imię i nazwisko może zawierać tylko litery, spacje i myślniki, Numer telefonu jest wymagany',
    );
  });
});

describe('registration, form level: the phone rules (min metadata)', () => {
  it.each([
    ['', 'Numer telefonu jest wymagany'],
    ['501234567', 'Nieprawidłowy format numeru telefonu'],
    ['+48 501', 'Nieprawidłowy format numeru telefonu'],
    ['+999123456', 'Nie można zweryfikować numeru telefonu'],
    // Fewer than 7 digits: refused by the format rule the database applies too (lib/validation/phone.ts).
    ['+4812', 'Nieprawidłowy format numeru telefonu'],
    ['+481234', 'Nieprawidłowy format numeru telefonu'],
    ['+4812345', 'Nieprawidłowy numer telefonu'],
    ['+481234567890', 'Nieprawidłowy numer telefonu'],
  ])('%j → %s', (value, message) => {
    const problem = checkPhone(value);
    expect(problem && t(problem)).toBe(message);
  });

  it.each(['+48501234567', '+14155552671', '+447911123456'])('%s is valid', (value) => {
    expect(checkPhone(value)).toBeNull();
  });
});
