/** HTTP statuses, network failures, the app shell, generic validation and files (both specs). */
export const commonMessages = {
  'http.bad_request': 'Nieprawidłowe dane',
  'http.unauthorized': 'Sesja wygasła, zaloguj się ponownie',
  'http.forbidden': 'Brak dostępu',
  'http.not_found': 'Nie znaleziono zasobu',
  'http.server_error': 'Błąd serwera, spróbuj ponownie później',
  'http.unexpected': 'Wystąpił nieoczekiwany błąd',
  'errors.with_request_id': '{message} (identyfikator zdarzenia: {id})',
  /** 429 and Auth's over_request_rate_limit (not given by the spec; docs/decisions.md). */
  'http.too_many_requests': 'Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.',
  /** get_account_status's limit per client address (issue 21, docs/decisions.md). */
  'account.status_rate_limited': 'Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.',
  /** Auth's over_email_send_rate_limit: per address, or the project's e-mails per hour (docs/decisions.md). */
  'http.email_rate_limited': 'Zbyt wiele wiadomości email w krótkim czasie. Spróbuj ponownie za kilka minut.',
  'network.failure': 'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
  /** Notifications panel: a network-type failure (product.md#dashboard-8). */
  'network.failure_short': 'Problem z połączeniem sieciowym',
  'app.crash.title': 'Wystąpił błąd',
  'app.crash.description': 'Coś poszło nie tak. Odśwież stronę, aby spróbować ponownie.',
  'app.refresh': 'Odśwież stronę',
  'app.retry': 'Spróbuj ponownie',
  'app.privacy_notice': 'Polityka prywatności',
  'app.close': 'Zamknij',
  // A toast's close button: over a dialog it sits beside the dialog's own 'Zamknij'.
  'toast.close': 'Zamknij komunikat',
  'app.loading': 'Ładowanie...',
  'app.connection_problem.title': 'Problem z połączeniem',
  'app.connection_problem.description':
    'Nie udało się połączyć z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie.',
  'app.not_found.title': 'Nie znaleziono strony',
  'app.not_found.description': 'Strona, której szukasz, nie istnieje.',
  'app.not_found.redirect': 'Za 5 sekund nastąpi przekierowanie na stronę główną.',
  'app.not_found.home': 'Wróć do strony głównej',
  'app.name': 'Klub',
  'app.skip_to_content': 'Przejdź do treści',
  'app.home': 'Wróć do strony głównej',
  /** Copy buttons beside long strings (not in the spec; 'Skopiowano!' is the referral page's). */
  'copy.button': 'Kopiuj',
  'copy.label': 'Kopiuj {what}',
  'copy.done': 'Skopiowano!',
  /** Leaving a form with unsaved changes (issue 24). */
  'unsaved.title': 'Niezapisane zmiany',
  'unsaved.description': 'Masz niezapisane zmiany. Czy na pewno chcesz opuścić tę stronę? Zmiany zostaną utracone.',
  'unsaved.leave': 'Opuść stronę',
  /** The offline banner (issue 24). */
  'network.offline': 'Brak połączenia z internetem',
  /** Generic fallbacks of the zod error map (not given by the spec). */
  'validation.required': 'To pole jest wymagane',
  'validation.too_short': 'Wartość jest za krótka (minimum {minimum})',
  'validation.too_long': 'Wartość jest za długa (maksimum {maximum})',
  'validation.too_small': 'Wartość musi być większa lub równa {minimum}',
  'validation.too_big': 'Wartość musi być mniejsza lub równa {maximum}',
  'validation.url.invalid': 'Nieprawidłowy adres URL',
  'validation.number.invalid': 'Wprowadź liczbę',
  'validation.invalid': 'Nieprawidłowa wartość',
  'common.cancel': 'Anuluj',
  'common.processing': 'Przetwarzanie...',
  'files.url_failed': 'Nie udało się uzyskać adresu URL pliku',
  'files.image_upload_failed': 'Nie udało się przesłać obrazu',
  'files.upload_failed': 'Nie udało się przesłać pliku',
  'common.error': 'Wystąpił błąd',
} as const;
