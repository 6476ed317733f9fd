/**
 * The Polish message catalogue: every user-facing text of both spec files' error catalogues and
 * validation rules, letter for letter, keyed by a stable dotted key.
 *
 * Keys double as the message keys the database raises (`raise exception using errcode = 'P0001',
 * message = 'wallet.insufficient_funds'`), so a key is snake_case within its domain. Schemas carry
 * keys as their messages; components turn keys into text with `t()`; errors go through
 * `toUserMessage()` in lib/errors.ts.
 *
 * Placeholders are written `{name}` and filled by `t(key, { name })`.
 */
export const messages = {
  // --- HTTP statuses and network (account-and-access.md §8) ---
  'http.bad_request': 'Nieprawidłowe dane',
  'http.unauthorized': 'Sesja wygasła, zaloguj się ponownie',
  'http.forbidden': 'Brak dostępu',
  'http.not_found': 'Nie znaleziono zasobu',
  'http.server_error': 'Błąd serwera, spróbuj ponownie później',
  'http.unexpected': 'Wystąpił nieoczekiwany błąd',
  'network.failure': 'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
  /** Notifications panel: a network-type failure (dashboard.md §8). */
  'network.failure_short': 'Problem z połączeniem sieciowym',

  // --- App shell: crash screen, connection problem, not-found, loading ---
  'app.crash.title': 'Wystąpił błąd',
  'app.crash.description': 'Coś poszło nie tak. Odśwież stronę, aby spróbować ponownie.',
  'app.refresh': 'Odśwież stronę',
  'app.retry': 'Spróbuj ponownie',
  'app.close': 'Zamknij',
  'app.loading': 'Ładowanie...',
  'app.connection_problem.title': 'Problem z połączeniem',
  'app.connection_problem.description':
    'Nie udało się połączyć z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie.',
  'app.not_found.title': 'Nie znaleziono strony',
  'app.not_found.description': 'Strona, której szukasz, nie istnieje.',
  'app.not_found.redirect': 'Za 5 sekund nastąpi przekierowanie na stronę główną.',
  'app.not_found.home': 'Wróć do strony głównej',
  'app.placeholder': 'Ta sekcja jest w przygotowaniu.',
  'app.name': 'Klub',
  'app.skip_to_content': 'Przejdź do treści',

  // --- Navigation (dashboard.md §2 menu table) ---
  'nav.dashboard': 'Dashboard',
  'nav.apps': 'Aplikacje',
  'nav.community': 'Społeczność',
  'nav.investments': 'Dołącz do Klubu',
  'nav.ccc': 'Pakiety CCC',
  'nav.referral': 'Program Partnerski',
  'nav.wallet': 'eWallet',
  'nav.ideas': 'Pomysły',
  'nav.submit_idea': 'Zgłoś pomysł',
  'nav.settings': 'Ustawienia',
  'nav.admin': 'Panel Admina',
  'nav.main_menu': 'Menu główne',
  'nav.open_menu': 'Otwórz menu',
  'nav.close_menu': 'Zamknij menu',
  'nav.user_menu': 'Menu użytkownika',
  'nav.sign_out': 'Wyloguj',
  'nav.notifications': 'Powiadomienia',
  'nav.membership': 'Członkostwo',
  'nav.membership_label': 'Poziom członkostwa',

  // --- Admin tabs (dashboard.md §2 admin area) ---
  'admin.tabs': 'Sekcje panelu admina',
  'admin.users': 'Użytkownicy',
  'admin.apps': 'Aplikacje',
  'admin.ideas': 'Pomysły',
  'admin.announcements': 'Ogłoszenia',
  'admin.seo': 'SEO',
  'admin.smtp': 'SMTP',
  'admin.email_templates': 'Szablony email',

  // --- Authentication screen, session (account-and-access.md §2) ---
  'auth.tab.login': 'Logowanie',
  'auth.tab.register': 'Rejestracja',
  'auth.tabs': 'Logowanie lub rejestracja',
  'auth.register.submit': 'Zarejestruj się',
  'auth.register.submitting': 'Rejestracja...',
  'auth.field.full_name': 'Imię i nazwisko',
  'auth.field.referral_code': 'Kod polecający',
  'auth.session_expired.title': 'Sesja wygasła',
  'auth.session_expired.text': 'Twoja sesja wygasła. Zaloguj się ponownie, aby kontynuować.',
  'auth.session_expired.button': 'Zaloguj się ponownie',
  'auth.activation.title': 'Aktywacja konta',
  'auth.reset.title': 'Resetowanie hasła',

  // --- Account messages (account-and-access.md §4, §8) ---
  'auth.invalid_credentials': 'Nieprawidłowy email lub hasło',
  'auth.email_not_confirmed': 'Konto nie zostało aktywowane',
  'auth.user_already_exists': 'Użytkownik o tym adresie email już istnieje',
  'auth.activation_email_failed': 'Nie udało się wysłać emaila aktywacyjnego',
  'auth.activation_link_failed': 'Nie udało się wysłać linku aktywacyjnego',
  'auth.user_not_found': 'Użytkownik nie istnieje',
  'auth.registration_failed': 'Wystąpił błąd podczas rejestracji',
  /** Not given by the spec; the reasons that follow are the spec's texts where it has them. */
  'auth.weak_password': 'Hasło jest zbyt słabe',
  /** Not given by the spec (the server's "pwned" reason). */
  'auth.weak_password.pwned': 'Hasło znajduje się w znanym wycieku danych',
  'activation.already_active': 'Konto jest już aktywowane',
  'activation.token_missing': 'Brak tokenu aktywacyjnego',
  'activation.failed': 'Wystąpił błąd podczas aktywacji konta',
  'activation.success': 'Konto zostało aktywowane pomyślnie',
  'reset.invalid_link': 'Nieprawidłowy link resetowania hasła',
  'reset.link_expired': 'Link resetowania hasła wygasł lub jest nieprawidłowy',
  'reset.failed': 'Wystąpił błąd podczas zmiany hasła',
  'password.changed': 'Hasło zostało zmienione pomyślnie',

  // --- Validation: registration, login, reset (account-and-access.md §5) ---
  'validation.name.min': 'Imię i nazwisko musi mieć co najmniej 3 znaki',
  'validation.email.invalid': 'Nieprawidłowy adres email',
  'validation.phone.required': 'Numer telefonu jest wymagany',
  'validation.phone.format': 'Nieprawidłowy format numeru telefonu',
  'validation.phone.unverifiable': 'Nie można zweryfikować numeru telefonu',
  'validation.phone.invalid': 'Nieprawidłowy numer telefonu',
  'validation.password.min': 'Hasło musi mieć co najmniej 8 znaków',
  'validation.password.required': 'Hasło jest wymagane',
  'validation.password.strength': 'Hasło musi zawierać wielką literę, małą literę i cyfrę',
  'validation.password.mismatch': 'Hasła nie są identyczne',
  'validation.captcha.required': 'Proszę potwierdzić, że nie jesteś robotem',
  'validation.referral_code.invalid': 'Nieprawidłowy kod polecający',
  /** Generic fallbacks of the zod error map (not given by the spec). */
  'validation.required': 'To pole jest wymagane',
  'validation.too_short': 'Wartość jest za krótka (minimum {minimum})',
  'validation.too_long': 'Wartość jest za długa (maksimum {maximum})',
  'validation.too_small': 'Wartość musi być większa lub równa {minimum}',
  'validation.too_big': 'Wartość musi być mniejsza lub równa {maximum}',
  'validation.url.invalid': 'Nieprawidłowy adres URL',
  'validation.number.invalid': 'Wprowadź liczbę',
  'validation.invalid': 'Nieprawidłowa wartość',

  // --- Validation: dashboard (dashboard.md §5) ---
  'validation.idea.images_max': 'Możesz dodać maksymalnie 5 obrazków',
  'validation.file.not_image': 'Plik musi być obrazem',
  'validation.file.max_5mb': 'Maksymalny rozmiar pliku to 5MB',
  'validation.vote.once': 'Możesz zagłosować tylko raz na każdy pomysł',
  'validation.image.format': 'Niedozwolony format pliku...',
  'validation.image.min_dimensions': 'Minimalne wymiary obrazu to 100x100px',
  'validation.image.max_dimensions': 'Maksymalne wymiary obrazu to 2048x2048px',
  'validation.image.unreadable': 'Nie można odczytać wymiarów obrazu',
  'validation.app.app_store_url': 'Nieprawidłowy format linku App Store',
  'validation.app.google_play_url': 'Nieprawidłowy format linku Google Play',
  'validation.app.website_url': 'Nieprawidłowy format linku WWW',
  'validation.payment.method_required': 'Wybierz metodę płatności',
  'wallet.invalid_amount': 'Wprowadź poprawną kwotę',
  'wallet.insufficient_funds': 'Niewystarczające środki',
  'wallet.invalid_address': 'Nieprawidłowy adres portfela',
  'validation.avatar.format': 'Dozwolone formaty plików: JPG, PNG, WebP',
  'validation.file.max_2mb': 'Maksymalny rozmiar pliku to 2MB',
  'validation.two_factor.invalid_code': 'Nieprawidłowy kod',
  'validation.smtp.test_email': 'Proszę podać prawidłowy adres email',
  'validation.smtp.config': 'Nieprawidłowa konfiguracja SMTP',
  'validation.ccc.package_required': 'Wybierz pakiet',

  // --- Dashboard texts (dashboard.md §2, §4) ---
  'dashboard.title': 'Panel główny',
  'dashboard.recent_activity': 'Ostatnie aktywności',
  'dashboard.anonymous': 'Anonim',
  'notifications.title': 'Powiadomienia',
  'notifications.empty': 'Brak powiadomień',
  'notifications.load_failed': 'Nie udało się załadować powiadomień',
  'referral.generate': 'Generuj kod',
  'referral.generate_title': 'Generuj nowy kod polecający',
  'referral.empty': 'Nie masz jeszcze żadnych poleconych osób.',
  'common.cancel': 'Anuluj',
  'ccc.title': 'Pakiety CCC',
  'ccc.buy': 'Kup pakiet',
  'ccc.sold_out': 'Brak dostępnych miejsc',
  'ccc.purchase_title': 'Zakup pakietu {tier}',
  'ccc.acc_discount': '-10% RABATU',
  'ccc.amount_due': 'Do zapłaty',
  'ccc.buy_now': 'Kup teraz',
  'common.processing': 'Przetwarzanie...',
  'wallet.loading': 'Ładowanie portfela...',
  'wallet.history_empty': 'Brak historii wypłat',
  'settings.two_factor.disable_confirm': 'Czy na pewno chcesz wyłączyć weryfikację dwuetapową?',
  'apps.empty': 'Brak dostępnych aplikacji',
  'ideas.already_voted': 'Już zagłosowałeś',
  'ideas.delete_confirm': 'Czy na pewno chcesz usunąć ten pomysł?',
  'ideas.status.pending': 'W ocenie',
  'ideas.status.approved': 'Zaakceptowany',
  'ideas.status.rejected': 'Odrzucony',
  'ideas.webhook_thanks': 'Dziękujemy za zgłoszenie pomysłu!',
  /** The spec quotes these three in English; kept letter for letter. */
  'ideas.webhook_failed': 'Webhook request failed',
  'ideas.delete_admin_only': 'Only administrators can delete ideas',
  'community.posts_load_failed': 'Error loading posts',

  // --- Error catalogue (dashboard.md §8) ---
  'apps.load_failed': 'Nie udało się załadować aplikacji',
  'apps.create_failed': 'Nie udało się utworzyć aplikacji',
  'apps.update_failed': 'Nie udało się zaktualizować aplikacji',
  'apps.delete_failed': 'Nie udało się usunąć aplikacji',
  'ideas.save_failed': 'Nie udało się zapisać pomysłu',
  'ideas.submit_failed': 'Wystąpił błąd podczas wysyłania pomysłu. Spróbuj ponownie.',
  'ideas.vote_failed': 'Wystąpił błąd podczas głosowania',
  'ideas.load_failed': 'Wystąpił błąd podczas ładowania pomysłów',
  'ideas.status_update_failed': 'Nie udało się zaktualizować statusu',
  'files.url_failed': 'Nie udało się uzyskać adresu URL pliku',
  'files.image_upload_failed': 'Nie udało się przesłać obrazu',
  'files.upload_failed': 'Nie udało się przesłać pliku',
  'smtp.load_failed': 'Nie udało się załadować konfiguracji SMTP',
  'smtp.save_failed': 'Nie udało się zapisać konfiguracji SMTP',
  'smtp.delete_failed': 'Nie udało się usunąć konfiguracji',
  'smtp.test_error': 'Błąd: {message}',
  'smtp.test_sent': 'Wiadomość testowa została wysłana. Sprawdź swoją skrzynkę email.',
  'templates.load_failed': 'Nie udało się załadować szablonów',
  'templates.save_failed': 'Nie udało się zapisać szablonu',
  'templates.delete_failed': 'Nie udało się usunąć szablonu',
  'ccc.load_failed': 'Nie udało się pobrać pakietów CCC',
  'ccc.invalid_package': 'Nieprawidłowy pakiet',
  'ccc.assign_failed': 'Nie udało się przydzielić pakietu CCC',
  'wallet.balance_failed': 'Nie udało się pobrać stanu portfela',
  'wallet.history_failed': 'Nie udało się pobrać historii wypłat',
  'wallet.withdrawal_create_failed': 'Nie udało się utworzyć wypłaty',
  'wallet.load_failed': 'Nie udało się załadować danych portfela',
  'wallet.withdrawal_failed': 'Wystąpił błąd podczas wypłaty',
  'settings.fetch_failed': 'Nie udało się pobrać ustawień użytkownika',
  'settings.load_failed': 'Nie udało się załadować ustawień',
  'settings.profile_update_failed': 'Nie udało się zaktualizować profilu',
  'settings.avatar_upload_failed': 'Nie udało się przesłać avatara',
  'settings.email_change_failed': 'Nie udało się rozpocząć procesu zmiany adresu email',
  'settings.two_factor_setup_failed': 'Nie udało się skonfigurować weryfikacji dwuetapowej',
  'settings.two_factor_verify_failed': 'Nie udało się zweryfikować kodu',
  'settings.two_factor_disable_failed': 'Nie udało się wyłączyć weryfikacji dwuetapowej',
  'settings.upload_failed': 'Wystąpił błąd podczas przesyłania',
  'payment.failed': 'Wystąpił błąd podczas płatności',
  'settings.loading_failed': 'Wystąpił błąd podczas ładowania ustawień',
  'community.reaction_add_failed': 'Nie udało się dodać reakcji',
  'community.reaction_remove_failed': 'Nie udało się usunąć reakcji',
  'common.error': 'Wystąpił błąd',

  // --- Keys the database raises (supabase/migrations, `raise ... message = '<key>'`) and that no
  // entry above covers. Where the spec has the text it is used; the others are ours (the spec
  // does not show them). A unit test checks that every raised key is here.
  'auth.forbidden': 'Brak dostępu',
  'profile.not_found': 'Nie znaleziono zasobu',
  'profile.full_name_required': 'Imię i nazwisko jest wymagane',
  'profile.full_name_length': 'Imię i nazwisko musi mieć od 2 do 100 znaków',
  'profile.display_name_required': 'Nazwa wyświetlana jest wymagana',
  'profile.display_name_length': 'Nazwa wyświetlana musi mieć od 1 do 50 znaków',
  'profile.phone_invalid': 'Nieprawidłowy numer telefonu',
  'profile.avatar_url_invalid': 'Nieprawidłowy adres avatara',
  'email.required': 'Adres email jest wymagany',
  'email.invalid': 'Nieprawidłowy adres email',
  'email.taken': 'Użytkownik o tym adresie email już istnieje',
  'email.same_as_current': 'Nowy adres email jest taki sam jak obecny',
  /** The spec does not show the invalid-token text; its fallback is the activation error. */
  'activation.token_invalid': 'Wystąpił błąd podczas aktywacji konta',
  'activation.token_expired': 'Link aktywacyjny wygasł',
  'activation.token_used': 'Link aktywacyjny został już użyty',
  'activation.user_not_found': 'Użytkownik nie istnieje',
  'admin.user_not_found': 'Użytkownik nie istnieje',
  'admin.cannot_delete_self': 'Nie możesz usunąć własnego konta',
  'admin.invalid_sort': 'Nieprawidłowe dane',
  'admin.invalid_offset': 'Nieprawidłowe dane',
  'admin.invalid_limit': 'Nieprawidłowe dane',
  'referral.invalid_limit': 'Nieprawidłowe dane',
  'referral.description_too_long': 'Opis kodu polecającego jest za długi',
  'referral.code_limit_reached': 'Osiągnięto limit kodów polecających',
  'referral.code_generation_failed': 'Nie udało się wygenerować kodu polecającego',
  'notifications.cannot_mark_unread': 'Przeczytanego powiadomienia nie można oznaczyć jako nieprzeczytane',
  'membership.plan_not_found': 'Nie znaleziono planu członkostwa',
  'wallet.not_found': 'Nie znaleziono portfela',
  'wallet.user_not_found': 'Użytkownik nie istnieje',
  'wallet.invalid_network': 'Wybierz sieć ERC20 lub BSC',
  'wallet.invalid_tx_hash': 'Nieprawidłowy hash transakcji',
  'wallet.invalid_reason': 'Podaj powód (maksymalnie 500 znaków)',
  'wallet.invalid_note': 'Notatka może mieć maksymalnie 500 znaków',
  'wallet.invalid_entry': 'Wystąpił nieoczekiwany błąd',
  'wallet.ledger_append_only': 'Wystąpił nieoczekiwany błąd',
  'wallet.mfa_required': 'Wypłata wymaga potwierdzenia kodem weryfikacji dwuetapowej',
  'wallet.withdrawal_not_found': 'Nie znaleziono wypłaty',
  'wallet.withdrawal_not_pending': 'Ta wypłata została już rozliczona',
  'ccc.no_slots': 'Brak dostępnych miejsc',
  'ccc.invalid_quantity': 'Liczba pakietów musi wynosić od 1 do 10',
  'ccc.user_not_found': 'Użytkownik nie istnieje',
  'ccc.assignment_not_found': 'Nie znaleziono przydziału pakietu',
} as const;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}

/** The Polish text for a key, with `{name}` placeholders filled from params. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text: string = messages[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** For messages that may be a key (zod issues, RPC errors) or already a text: the text. */
export function translate(keyOrText: string, params?: MessageParams): string {
  return isMessageKey(keyOrText) ? t(keyOrText, params) : keyOrText;
}
