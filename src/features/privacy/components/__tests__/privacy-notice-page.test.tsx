import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { privacyNotice } from '@/i18n/privacy-notice';
import { restUrl, siteSettingsRow } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { PrivacyNoticePage } from '../privacy-notice-page';

function setup(settings: Record<string, unknown>) {
  server.use(http.get(restUrl('/site_settings'), () => HttpResponse.json(siteSettingsRow(settings))));
  return renderWithProviders(<PrivacyNoticePage />, { supabase: createTestSupabase(), route: '/polityka-prywatnosci' });
}

describe('the privacy notice page', () => {
  it('renders the one notice text with the club’s name and contact: every section of the file’s information', async () => {
    setup({ site_title: 'Klub Inwestorów', privacy_contact_email: 'dane@klub.test' });
    expect(
      await screen.findByText(/Administratorem Twoich danych osobowych jest Klub Inwestorów\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/napisz na adres: dane@klub\.test/)).toBeInTheDocument();
    const notice = privacyNotice({ controller: 'Klub Inwestorów', contact: 'dane@klub.test' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      notice.sections.map((section) => section.heading),
    );
    for (const term of ['Supabase', 'hCaptcha', 'Przelewy24', 'Publiczne sieci blockchain', 'Dokumenty płatności']) {
      expect(screen.getByText(term)).toBeInTheDocument();
    }
  });

  it('says when the club has not given a contact, and names its own document when the SEO tab has one', async () => {
    setup({ privacy_contact_email: null, privacy_url: 'https://klub.example/rodo.pdf' });
    expect(await screen.findByText(/adres nie został jeszcze podany/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'otwórz' })).toHaveAttribute(
      'href',
      'https://klub.example/rodo.pdf',
    );
  });

  it('says the account is gone when “Usuń konto” led here', async () => {
    const { router } = setup({});
    expect(screen.queryByText(/Twoje konto zostało usunięte/)).not.toBeInTheDocument();
    await act(() => router.navigate('/polityka-prywatnosci', { state: { accountDeleted: true } }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Twoje konto zostało usunięte. Potwierdzenie wysłaliśmy na Twój adres e-mail.',
    );
  });
});
