import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastProvider } from '@/components/ui/toast';
import type { ReferralCode, ReferralOverview } from '@/data/referral/referral-overview.schema';
import { COPY_FEEDBACK_MS } from '@/lib/clipboard';
import { memberSession } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { definitionOf, definitionsOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime, fakeTimers } from '@/testing/timers';
import { ReferralPage } from '../referral-page';

const SITE = 'http://localhost:3000'; // VITE_SITE_URL of the unit tests (testing/test-env.ts)

function codeRow(overrides: Partial<ReferralCode> = {}): ReferralCode {
  return {
    id: crypto.randomUUID(),
    code: 'ANNA2026',
    description: 'Polecenia ze spotkania klubu',
    active: true,
    created_at: '2026-10-01T10:00:00Z',
    visits_count: 42,
    registrations_count: 3,
    conversions_count: 1,
    last_visit_at: '2026-11-20T08:15:00Z',
    last_registration_at: '2026-11-10T08:15:00Z',
    last_conversion_at: null,
    ...overrides,
  };
}

function overview(overrides: Partial<ReferralOverview> = {}): ReferralOverview {
  return {
    codes: [codeRow()],
    referred: [
      {
        id: crypto.randomUUID(),
        full_name: 'Jan Kowalski',
        email: 'jan***@klub.local',
        created_at: '2026-11-10T08:15:00Z',
      },
      { id: crypto.randomUUID(), full_name: null, email: 'ewa***@example.com', created_at: '2026-10-05T08:15:00Z' },
    ],
    referred_total: 2,
    commissions: [],
    commissions_to_pay_pln: 0,
    referral_count: 2,
    total_earnings: 499.7,
    ...overrides,
  };
}

function setup(answer: () => Response = () => HttpResponse.json(overview())) {
  const session = memberSession();
  const calls = { overview: 0, overviewBody: undefined as unknown, generate: [] as unknown[] };
  server.use(
    http.post(restUrl('/rpc/get_my_referral_overview'), async ({ request }) => {
      calls.overview += 1;
      calls.overviewBody = await request.json();
      return answer();
    }),
  );
  const view = renderWithProviders(
    <ToastProvider>
      <ReferralPage />
    </ToastProvider>,
    { session, supabase: createTestSupabase() },
  );
  return { ...view, session, calls };
}

describe('the partner page', () => {
  it('shows a loading state, then the code, its link and statistics (one call)', async () => {
    const { calls } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Program Partnerski' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Ładowanie programu partnerskiego...' })).toBeInTheDocument();
    expect(await screen.findByTestId('referral-code')).toHaveTextContent('ANNA2026');
    expect(screen.getByRole('textbox', { name: 'Link polecający' })).toHaveValue(`${SITE}/?ref=ANNA2026`);
    expect(screen.queryByRole('button', { name: 'Generuj kod' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Statystyki kodu' })).toBeInTheDocument();
    const [visits, lastVisit] = definitionsOf(document.body, 'Odwiedziny');
    expect(visits).toHaveTextContent(/^42$/);
    expect(lastVisit).toHaveTextContent('Ostatnia wizyta: 20.11.2026');
    expect(definitionOf(document.body, 'Rejestracje')).toHaveTextContent(/^3$/);
    const [conversions, lastConversion] = definitionsOf(document.body, 'Konwersje');
    expect(conversions).toHaveTextContent(/^1$/);
    expect(lastConversion).toHaveTextContent('Ostatnia konwersja: Jeszcze nie było');
    expect(definitionOf(document.body, 'Zarobione prowizje')).toHaveTextContent('500 zł');
    expect(calls.overview).toBe(1);
    expect(calls.overviewBody).toEqual({ p_referred_limit: 100 });
  });

  it('lists the structure with masked e-mails and "Anonim" for a missing name', async () => {
    setup();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Jan Kowalskijan***@klub.local10.11.2026',
      'Anonimewa***@example.com05.10.2026',
    ]);
  });

  it("shows each commission as 'Do wypłaty', 'Wypłacona' (when, USDT, rate) or 'Anulowana', and what is still owed", async () => {
    const commission = (status: 'to_pay' | 'paid' | 'cancelled', more: object = {}) => ({
      id: crypto.randomUUID(),
      level: 'START',
      amount_pln: 499.7,
      created_at: '2026-11-02T10:00:00Z',
      status,
      settled_at: null,
      amount_usdt: null,
      settlement_rate: null,
      cancelled_at: null,
      ...more,
    });
    setup(() =>
      HttpResponse.json(
        overview({
          commissions: [
            commission('to_pay'),
            commission('paid', { settled_at: '2026-11-20T10:00:00Z', amount_usdt: 124.92, settlement_rate: 0.25 }),
            commission('cancelled', { cancelled_at: '2026-11-05T10:00:00Z' }),
          ],
          commissions_to_pay_pln: 499.7,
        }),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Prowizje' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/za plan START.*czeka na wypłatę na eWallet.*Do wypłaty$/),
      expect.stringMatching(/wypłacona 20\.11\.2026: 124,92 USDT \(kurs 0\.25\)Wypłacona$/),
      expect.stringMatching(/anulowana 05\.11\.2026: płatność za plan została zwrócona.*Anulowana$/),
    ]);
    expect(screen.getByText(/^Do wypłaty: 499,70 zł\./)).toBeInTheDocument();
  });

  it('says how many are not listed when the structure is longer than the list', async () => {
    setup(() => HttpResponse.json(overview({ referred_total: 250 })));
    expect(await screen.findByText('Pokazano 2 najnowszych z 250 poleconych osób.')).toBeInTheDocument();
  });

  it('shows the empty structure text with the hint', async () => {
    setup(() => HttpResponse.json(overview({ referred: [], referred_total: 0, referral_count: 0, total_earnings: 0 })));
    expect(await screen.findByText('Nie masz jeszcze żadnych poleconych osób.')).toBeInTheDocument();
    expect(
      screen.getByText('Udostępnij swój kod polecający znajomym: gdy się zarejestrują, zobaczysz ich tutaj.'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry, and refuses an answer of another shape', async () => {
    let answer = () => postgrestError(500, { code: 'XX000', message: 'boom' });
    const { user } = setup(() => answer());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Nie udało się załadować programu partnerskiego: Błąd serwera, spróbuj ponownie później',
    );
    answer = () => HttpResponse.json({ codes: 'nope' });
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się załadować programu partnerskiego'),
    );
    expect(screen.queryByTestId('referral-code')).not.toBeInTheDocument();
  });
});

describe('generating a code', () => {
  function withoutCode() {
    let codes: ReferralCode[] = [];
    const generated: unknown[] = [];
    let refuse = false;
    const view = setup(() => HttpResponse.json(overview({ codes })));
    server.use(
      http.post(restUrl('/rpc/generate_unique_referral_code'), async ({ request }) => {
        generated.push(await request.json());
        if (refuse) return postgrestError(400, { code: 'P0001', message: 'referral.code_limit_reached' });
        const row = codeRow({ code: 'K7M2XQ9P', description: null, visits_count: 0 });
        codes = [row];
        return HttpResponse.json({ ...row, user_id: view.session.user.id });
      }),
    );
    return { ...view, generated, refuse: () => (refuse = true) };
  }

  it("offers 'Generuj kod' only without a code; the modal creates one (description optional)", async () => {
    const { user, generated, session } = withoutCode();
    expect(await screen.findByText('Nie masz jeszcze kodu polecającego.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generuj kod' }));
    const dialog = screen.getByRole('dialog', { name: 'Generuj nowy kod polecający' });
    expect(within(dialog).getByRole('textbox', { name: 'Opis (opcjonalnie)' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Anuluj' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Generuj kod' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(generated).toEqual([{ p_user_id: session.user.id }]);
    expect(await screen.findByTestId('referral-code')).toHaveTextContent('K7M2XQ9P');
    expect(await screen.findByText('Kod polecający został wygenerowany')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generuj kod' })).not.toBeInTheDocument();
  });

  it('sends the description when one is given', async () => {
    const { user, generated, session } = withoutCode();
    await user.click(await screen.findByRole('button', { name: 'Generuj kod' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '  Znajomi z pracy  ');
    await user.click(within(dialog).getByRole('button', { name: 'Generuj kod' }));
    await waitFor(() => expect(generated).toEqual([{ p_user_id: session.user.id, p_description: 'Znajomi z pracy' }]));
  });

  it('keeps the dialog and the text when the server refuses, with its reason', async () => {
    const { user, refuse } = withoutCode();
    refuse();
    await user.click(await screen.findByRole('button', { name: 'Generuj kod' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Opis');
    await user.click(within(dialog).getByRole('button', { name: 'Generuj kod' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Osiągnięto limit kodów polecających');
    expect(within(dialog).getByRole('textbox')).toHaveValue('Opis');
  });

  it("'Anuluj' and Escape close it without a call", async () => {
    const { user, generated } = withoutCode();
    const opener = await screen.findByRole('button', { name: 'Generuj kod' });
    await user.click(opener);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(generated).toEqual([]);
  });
});

describe('copying and sharing the link', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it("copies the link and says 'Skopiowano!' for 2 seconds", async () => {
    fakeTimers();
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Kopiuj link' }));
    expect(await navigator.clipboard.readText()).toBe(`${SITE}/?ref=ANNA2026`);
    expect(screen.getByText('Skopiowano!')).toBeInTheDocument();
    await advanceTime(COPY_FEEDBACK_MS - 1);
    expect(screen.getByText('Skopiowano!')).toBeInTheDocument();
    await advanceTime(1);
    expect(screen.queryByText('Skopiowano!')).not.toBeInTheDocument();
  });

  it('shares through the Web Share API when the browser has it', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = setup();
    await navigator.clipboard.writeText('poprzednie');
    await user.click(await screen.findByRole('button', { name: 'Udostępnij' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Dołącz do Klubu',
      text: 'Dołącz do Klubu z moim kodem polecającym ANNA2026.',
      url: `${SITE}/?ref=ANNA2026`,
    });
    expect(await navigator.clipboard.readText()).toBe('poprzednie');
    expect(screen.queryByText('Skopiowano!')).not.toBeInTheDocument();
  });

  it('stays silent when the member cancels the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = setup();
    await navigator.clipboard.writeText('poprzednie');
    await user.click(await screen.findByRole('button', { name: 'Udostępnij' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(await navigator.clipboard.readText()).toBe('poprzednie');
    expect(screen.queryByText('Skopiowano!')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
  });

  it('copies the link instead when the browser cannot share', async () => {
    const { user } = setup();
    expect('share' in navigator).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Udostępnij' }));
    expect(await navigator.clipboard.readText()).toBe(`${SITE}/?ref=ANNA2026`);
    expect(screen.getByText('Skopiowano!')).toBeInTheDocument();
  });

  it('only logs a clipboard failure (product.md#dashboard-8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = setup();
    const button = await screen.findByRole('button', { name: 'Kopiuj link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(button);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Copying to the clipboard failed', expect.any(DOMException)));
    expect(screen.queryByText('Skopiowano!')).not.toBeInTheDocument();
  });
});
