/**
 * A member's data (issue 38): 'Pobierz moje dane' and 'Usuń konto' in settings, and the privacy
 * notice page. The notice itself is src/i18n/privacy-notice.ts (one text for the page and the file).
 */
export const privacyMessages = {
  'privacy.card.title': 'Twoje dane',
  'privacy.card.description': 'Pobierz kopię swoich danych albo usuń konto. Jak przetwarzamy dane, opisuje',
  'privacy.card.notice_link': 'polityka prywatności',
  'privacy.export.title': 'Pobierz moje dane',
  'privacy.export.description':
    'Jeden plik JSON ze wszystkimi danymi Twojego konta — profil, ustawienia, zamówienia, portfel, wypłaty, polecenia, pomysły, komentarze, powiadomienia — i z informacją, jak je przetwarzamy. Do 3 razy na dobę.',
  'privacy.export.button': 'Pobierz moje dane',
  'privacy.export.pending': 'Przygotowywanie pliku...',
  'privacy.export.done': 'Pobrano plik z Twoimi danymi',
  'privacy.export_failed': 'Nie udało się przygotować pliku z danymi',
  'privacy.export_rate_limited': 'Możesz pobrać swoje dane najwyżej 3 razy na dobę. Spróbuj ponownie jutro.',
  'privacy.delete.title': 'Usuń konto',
  'privacy.delete.description':
    'Usuwa konto na zawsze. Przed usunięciem zobaczysz, co usuniemy, a co musimy zachować i dlaczego.',
  'privacy.delete.open': 'Usuń konto',
  'privacy.delete.dialog_title': 'Usuń konto',
  'privacy.delete.checking': 'Sprawdzanie, czy konto można usunąć...',
  'privacy.delete.check_failed': 'Nie udało się sprawdzić, czy konto można usunąć',
  'privacy.delete.blockers_title': 'Zanim usuniesz konto',
  'privacy.delete.blocker.balance': 'W portfelu masz {amount} USDT. Wypłać środki w sekcji Portfel.',
  'privacy.delete.blocker.withdrawal':
    'Masz wypłatę w toku ({amount} USDT). Poczekaj na jej realizację albo anuluj oczekującą w sekcji Portfel.',
  'privacy.delete.blocker.order':
    'Masz nierozliczone zamówienie ({refs}). Opłać je albo anuluj w „Moje płatności”; przy niedopłacie lub zwrocie poczekaj na rozliczenie.',
  'privacy.delete.recheck': 'Sprawdź ponownie',
  'privacy.delete.erased_title': 'Co usuniemy',
  'privacy.delete.erased':
    'Logowanie i sesje, weryfikację dwuetapową, profil, avatar i inne zapisane pliki, ustawienia, adresy wypłat, kody polecające, powiadomienia, komentarze, reakcje i głosy, pomysły i wpisy, na które nikt inny nie zareagował.',
  'privacy.delete.kept_title': 'Co zachowamy i dlaczego',
  'privacy.delete.kept_ideas':
    'Pomysły i wpisy, na które głosowali lub które komentowali inni członkowie, zostaną jako „Członek usunięty”, bez obrazów — inaczej zniknęłyby ich głosy i komentarze.',
  'privacy.delete.kept_money':
    'Dokumenty płatności (zamówienia z danymi kupującego, okresy członkostwa, historię portfela, wypłaty, prowizje) przechowamy bez powiązania z Twoim kontem przez 5 lat od końca roku płatności, jak wymaga ustawa o rachunkowości (art. 74); potem usuniemy je automatycznie.',
  'privacy.delete.kept_referral':
    'Polecenie, z którym dołączyłeś, nadal liczy się osobie polecającej — bez Twoich danych.',
  'privacy.delete.kept_email': 'Na Twój adres e-mail wyślemy potwierdzenie usunięcia konta.',
  'privacy.delete.password': 'Hasło',
  'privacy.delete.code': 'Kod weryfikacyjny',
  'privacy.delete.code_hint': 'Kod z aplikacji uwierzytelniającej',
  'privacy.delete.confirm_word': 'Wpisz USUŃ, aby potwierdzić',
  'privacy.delete.submit': 'Usuń konto na zawsze',
  'privacy.delete.submitting': 'Usuwanie konta...',
  'privacy.delete_failed': 'Nie udało się usunąć konta',
  'validation.privacy.password_required': 'Podaj hasło',
  'validation.privacy.confirm_word': 'Wpisz słowo USUŃ wielkimi literami',
  'privacy.wrong_password': 'Nieprawidłowe hasło',
  'privacy.too_many_attempts': 'Zbyt wiele błędnych prób. Spróbuj ponownie za 15 minut.',
  'privacy.second_factor_required': 'Podaj aktualny kod weryfikacyjny',
  'privacy.deletion_blocked': 'Konta nie można jeszcze usunąć: najpierw rozlicz sprawy wymienione wyżej.',
  'privacy.confirmation_mismatch': 'Wpisz słowo USUŃ wielkimi literami',
  'privacy.account_deleted': 'Twoje konto zostało usunięte. Potwierdzenie wysłaliśmy na Twój adres e-mail.',
  'privacy.page.own_document': 'Dokument polityki prywatności klubu:',
  'privacy.page.own_document_link': 'otwórz',
  'privacy.page.back': 'Wróć do strony głównej',
  'privacy.page.load_failed': 'Nie udało się wczytać danych klubu; poniżej tekst bez nich.',
} as const;
