/**
 * The account screens that load on demand (registration, activation, password reset, the
 * sign-in's second step, the session warning): their texts come with their chunks
 * (src/i18n/account.ts), not with the landing page's entry.
 */
export const accountMessages = {
  'auth.register.submit': 'Zarejestruj się',
  'auth.register.submitting': 'Rejestracja...',
  'auth.field.full_name': 'Imię i nazwisko',
  'auth.field.referral_code': 'Kod polecający',
  'auth.field.confirm_password': 'Potwierdź hasło',
  'auth.field.phone': 'Numer telefonu',
  'auth.field.optional': '(opcjonalnie)',
  'auth.register.correct_email': 'Popraw adres email',
  'auth.register.privacy': 'Zasady przetwarzania danych opisuje',
  'auth.register.privacy_link': 'polityka prywatności klubu',
  'auth.register.success_title': 'Sprawdź swoją skrzynkę email',
  'auth.register.success':
    'Wysłaliśmy link aktywacyjny na adres {email}. Kliknij go, aby aktywować konto. Jeśli nie widzisz wiadomości, sprawdź folder spam.',
  'auth.mfa.title': 'Weryfikacja dwuetapowa',
  'auth.mfa.description': 'Wpisz 6-cyfrowy kod z aplikacji uwierzytelniającej, aby dokończyć logowanie.',
  'auth.mfa.code': 'Kod weryfikacyjny',
  'auth.mfa.submit': 'Zweryfikuj',
  'auth.mfa.submitting': 'Weryfikacja...',
  'activation.loading': 'Aktywowanie konta...',
  'activation.redirect_dashboard': 'Za chwilę przejdziesz do panelu.',
  'activation.can_log_in': 'Konto zostało aktywowane. Możesz się teraz zalogować.',
  'reset.verifying': 'Sprawdzanie linku...',
  /** Not given by the spec: activation in a browser that cannot claim the sign-up password. */
  'activation.set_password.title': 'Ustaw hasło',
  'activation.set_password.description':
    'Dla bezpieczeństwa hasło podane przy rejestracji działa tylko wtedy, gdy konto aktywujesz w tej samej przeglądarce, w której je założono. Ustaw hasło, którym będziesz się logować.',
  'activation.set_password.submit': 'Ustaw hasło',
  'activation.set_password.submitting': 'Zapisywanie hasła...',
  'activation.set_password.no_session':
    'Sesja wygasła. Ustaw hasło, wybierając „Nie pamiętasz hasła?” na stronie logowania.',
  'activation.password_set': 'Hasło zostało ustawione. Konto jest aktywne.',
  /** Not given by the spec: an e-mail change link that cannot be used (the settings page says the rest). */
  'auth.email_change.title': 'Zmiana adresu email',
  'auth.to_dashboard': 'Przejdź do panelu',
  'reset.new_password': 'Nowe hasło',
  'reset.confirm_password': 'Powtórz hasło',
  'reset.submit': 'Zmień hasło',
  'reset.submitting': 'Zmienianie hasła...',
  'reset.redirect': 'Za chwilę nastąpi przekierowanie na stronę główną.',
  'reset.log_in_again': 'Hasło zostało zmienione pomyślnie. Zaloguj się nowym hasłem.',
  'session.expiring.title': 'Sesja wkrótce wygaśnie',
  'session.expiring.remaining': 'Pozostały czas:',
  'session.extend': 'Przedłuż sesję',
  'session.extending': 'Przedłużanie...',
  'activation.already_active': 'Konto jest już aktywowane',
  'activation.token_missing': 'Brak tokenu aktywacyjnego',
  'activation.success': 'Konto zostało aktywowane pomyślnie',
  'reset.invalid_link': 'Nieprawidłowy link resetowania hasła',
} as const;
