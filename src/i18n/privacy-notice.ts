/**
 * THE privacy notice (RODO art. 13 and 15): who processes members' data, what for, on which legal
 * basis, for how long, who receives it, what rights a member has and whom to write to. One text:
 * the page /polityka-prywatnosci renders it and the file of 'Pobierz moje dane' opens with it, so
 * the two cannot say different things. docs/privacy.md is the record of processing behind it (each
 * table and column); tests/tooling/privacy-doc.test.ts keeps both true to the schema.
 *
 * `{controller}` is the club's name (the site title) and `{contact}` the e-mail for data matters
 * (site settings, SEO tab), filled by `privacyNotice()`.
 */

export type NoticeItem = { readonly term: string; readonly text: string };

export type NoticeSection = {
  readonly id: string;
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly items?: readonly NoticeItem[];
};

export type PrivacyNotice = {
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly NoticeSection[];
};

const NOTICE: PrivacyNotice = {
  title: 'Polityka prywatności',
  intro:
    'Tu opisujemy, jakie dane osobowe członków przetwarza klub, po co, na jakiej podstawie, jak długo i komu je przekazuje, oraz jakie masz prawa. Ten sam tekst otwiera plik, który pobierasz w ustawieniach („Pobierz moje dane”).',
  sections: [
    {
      id: 'administrator',
      heading: 'Administrator danych i kontakt',
      paragraphs: [
        'Administratorem Twoich danych osobowych jest {controller}.',
        'W sprawach danych osobowych napisz na adres: {contact}. Odpowiemy w ciągu miesiąca od otrzymania wniosku (art. 12 ust. 3 RODO).',
      ],
    },
    {
      id: 'purposes',
      heading: 'Jakie dane przetwarzamy, w jakim celu i na jakiej podstawie',
      items: [
        {
          term: 'Konto i logowanie',
          text: 'Imię i nazwisko, adres e-mail, numer telefonu, hasło (tylko jako skrót), weryfikacja dwuetapowa, sesje logowania z adresem IP i przeglądarką, dziennik logowań. Cel: prowadzenie konta i członkostwa (art. 6 ust. 1 lit. b RODO — umowa) oraz bezpieczeństwo kont (art. 6 ust. 1 lit. f — prawnie uzasadniony interes).',
        },
        {
          term: 'Członkostwo i płatności',
          text: 'Zamówienia z kwotą, metodą i danymi kupującego, okresy członkostwa, pakiety CCC, zgoda na rozpoczęcie usługi. Cel: wykonanie umowy (lit. b) oraz rozliczenia i przechowywanie dowodów księgowych (lit. c — obowiązek prawny: ustawa o rachunkowości i przepisy podatkowe).',
        },
        {
          term: 'Portfel i wypłaty',
          text: 'Saldo, historia operacji portfela, zapisane adresy wypłat, wypłaty z adresem portfela i skrótem transakcji, udziały w zyskach. Cel: wykonanie umowy (lit. b) i obowiązki księgowe (lit. c).',
        },
        {
          term: 'Program partnerski',
          text: 'Kody polecające, polecenia (kto kogo polecił), prowizje. Cel: wykonanie umowy programu partnerskiego (lit. b).',
        },
        {
          term: 'Pomysły i społeczność',
          text: 'Zgłoszone pomysły z obrazami, głosy, komentarze, reakcje, wpisy, avatar. Cel: działanie serwisu (lit. b); ocena zgłoszonych pomysłów przez usługę automatyzacji (lit. f).',
        },
        {
          term: 'Powiadomienia i e-maile',
          text: 'Powiadomienia w panelu, wysłane wiadomości e-mail i Twoje ustawienia powiadomień. Cel: informowanie o koncie, płatnościach i portfelu (lit. b), przypomnienia o końcu członkostwa (lit. f).',
        },
        {
          term: 'Dziennik zmian i wnioski RODO',
          text: 'Zapis działań administratorów dotyczących Twojego konta i rejestr Twoich wniosków o dane. Cel: rozliczalność i wykazanie realizacji wniosków (lit. c i f, art. 5 ust. 2 i art. 12 RODO).',
        },
      ],
      paragraphs: [
        'Dane podajesz sam przy rejestracji i korzystaniu z serwisu; informacje o płatnościach pochodzą także od operatora płatności i z publicznych sieci blockchain. Podanie danych jest dobrowolne, ale bez nich nie założysz konta. Nie podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu (art. 22 RODO).',
      ],
    },
    {
      id: 'retention',
      heading: 'Jak długo przechowujemy dane',
      items: [
        {
          term: 'Konto, profil, ustawienia, logowanie, powiadomienia, komentarze, reakcje i głosy',
          text: 'Do usunięcia konta — przez Ciebie („Usuń konto” w ustawieniach) albo przez klub.',
        },
        {
          term: 'Pomysły i wpisy',
          text: 'Do usunięcia konta; te, na które głosowali lub które komentowali inni członkowie, zostają jako „Członek usunięty”, bez obrazów.',
        },
        {
          term: 'Dokumenty płatności',
          text: 'Zamówienia z danymi kupującego, okresy członkostwa, historia portfela, wypłaty i prowizje: 5 lat od końca roku, w którym nastąpiła płatność (art. 74 ustawy o rachunkowości). Po usunięciu konta przechowujemy je bez powiązania z Tobą, a po tym czasie usuwamy automatycznie.',
        },
        {
          term: 'Dziennik zmian',
          text: 'Wpisy zostają (są zabezpieczone przed zmianą), ale Twoje imię, e-mail i telefon usuwamy z nich razem z kontem.',
        },
        {
          term: 'Rejestr wniosków RODO',
          text: '5 lat od realizacji wniosku; po usunięciu konta bez Twoich danych.',
        },
        {
          term: 'Kopie zapasowe',
          text: 'Kopie bazy danych u dostawcy hostingu są nadpisywane w jego cyklu, najpóźniej po 30 dniach; usuniętych danych z nich nie przywracamy.',
        },
      ],
    },
    {
      id: 'recipients',
      heading: 'Komu przekazujemy dane',
      items: [
        {
          term: 'Supabase',
          text: 'Hosting serwisu: baza danych, logowanie, pliki i funkcje serwera (podmiot przetwarzający).',
        },
        {
          term: 'Dostawca poczty e-mail',
          text: 'Serwer poczty, przez który klub wysyła wiadomości (adres e-mail, imię, treść wiadomości).',
        },
        {
          term: 'hCaptcha',
          text: 'Ochrona formularzy rejestracji i logowania przed botami (adres IP, dane przeglądarki).',
        },
        {
          term: 'Przelewy24',
          text: 'Operator płatności przelewem (adres e-mail, kwota i opis płatności).',
        },
        {
          term: 'Usługa automatyzacji pomysłów',
          text: 'Ocena zgłoszonych pomysłów (treść pomysłu, bez Twoich danych kontaktowych).',
        },
        {
          term: 'Publiczne sieci blockchain',
          text: 'Płatności i wypłaty USDT (Ethereum, BNB Smart Chain, TRON) są jawnie i trwale zapisane w sieci: adres portfela, kwota, czas. Tych zapisów nikt nie może usunąć.',
        },
      ],
      paragraphs: [
        'Gdy dostawca przetwarza dane poza Europejskim Obszarem Gospodarczym, odbywa się to na podstawie standardowych klauzul umownych Komisji Europejskiej albo decyzji stwierdzającej odpowiedni stopień ochrony.',
      ],
    },
    {
      id: 'rights',
      heading: 'Twoje prawa',
      items: [
        {
          term: 'Dostęp i kopia danych (art. 15 i 20 RODO)',
          text: '„Pobierz moje dane” w ustawieniach: plik JSON ze wszystkimi danymi Twojego konta.',
        },
        { term: 'Sprostowanie (art. 16)', text: 'Zmień dane w ustawieniach profilu albo napisz do nas.' },
        {
          term: 'Usunięcie (art. 17)',
          text: '„Usuń konto” w ustawieniach; zachowujemy tylko to, czego wymaga prawo (patrz wyżej).',
        },
        { term: 'Ograniczenie przetwarzania (art. 18) i sprzeciw (art. 21)', text: 'Napisz na adres podany wyżej.' },
        {
          term: 'Skarga',
          text: 'Masz prawo wnieść skargę do Prezesa Urzędu Ochrony Danych Osobowych (ul. Stawki 2, 00-193 Warszawa, uodo.gov.pl).',
        },
      ],
    },
  ],
};

/** Shown as the contact while the club has not given one (site settings, SEO tab). */
export const NO_CONTACT = 'adres nie został jeszcze podany (napisz do klubu z adresu, którego używasz w serwisie)';

function fill(text: string, values: { controller: string; contact: string }): string {
  return text.replaceAll('{controller}', values.controller).replaceAll('{contact}', values.contact);
}

/** The notice with the club's name and contact filled in. */
export function privacyNotice({
  controller,
  contact,
}: {
  controller: string;
  contact: string | null | undefined;
}): PrivacyNotice {
  const values = { controller, contact: contact?.trim() || NO_CONTACT };
  return {
    title: NOTICE.title,
    intro: NOTICE.intro,
    sections: NOTICE.sections.map((section) => ({
      ...section,
      ...(section.paragraphs && { paragraphs: section.paragraphs.map((text) => fill(text, values)) }),
      ...(section.items && {
        items: section.items.map((item) => ({ term: item.term, text: fill(item.text, values) })),
      }),
    })),
  };
}

/**
 * The sections of the file 'Pobierz moje dane' (the keys of private.member_data_catalogue()), in the
 * member's words; the file lists them after the notice. tests/tooling/privacy-doc.test.ts fails when
 * the catalogue has a section without one.
 */
export const EXPORT_SECTIONS: Readonly<Record<string, string>> = {
  account: 'Konto: e-mail, telefon, daty rejestracji, potwierdzenia i ostatniego logowania',
  sign_in_methods: 'Sposoby logowania',
  sessions: 'Sesje logowania: kiedy, z jakiej przeglądarki i adresu IP',
  sign_in_factors: 'Weryfikacja dwuetapowa: rodzaj i data (bez sekretów)',
  sign_in_events: 'Dziennik logowań: rejestracja, logowania, odświeżenia sesji, wylogowania',
  profile: 'Profil: imię i nazwisko, e-mail, telefon, poziom członkostwa',
  settings: 'Ustawienia, w tym powiadomień',
  withdrawal_addresses: 'Zapisane adresy wypłat',
  orders: 'Zamówienia i płatności',
  payment_receipts: 'Wpłaty otrzymane na zamówienia',
  membership_periods: 'Okresy członkostwa',
  ccc_packages: 'Pakiety CCC',
  wallet: 'Saldo portfela',
  wallet_ledger: 'Historia operacji portfela',
  withdrawals: 'Wypłaty',
  wallet_debts: 'Zadłużenie wobec klubu',
  profit_payouts: 'Udziały w zyskach',
  referral_codes: 'Kody polecające',
  referrals: 'Osoby polecone przez Ciebie (zamaskowane)',
  referred_by: 'Kto Cię polecił (zamaskowane)',
  commissions: 'Prowizje z poleceń',
  referral_stats: 'Liczba poleceń i zarobki w rankingu',
  ideas: 'Zgłoszone pomysły',
  idea_votes: 'Głosy na pomysły',
  idea_comments: 'Komentarze do pomysłów',
  posts: 'Wpisy w społeczności',
  post_comments: 'Komentarze do wpisów',
  post_reactions: 'Reakcje na wpisy',
  notifications: 'Powiadomienia',
  files: 'Zapisane pliki (avatar, obrazy pomysłów)',
  emails: 'Wysłane do Ciebie wiadomości e-mail',
  audit_entries: 'Zmiany Twojego konta w dzienniku administratorów (bez ich tożsamości)',
  privacy_requests: 'Twoje wnioski RODO',
};
