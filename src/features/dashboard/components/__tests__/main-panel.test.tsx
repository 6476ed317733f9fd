import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { DashboardStats } from '@/data/dashboard/dashboard-stats.schema';
import { DASHBOARD_STATS_REFETCH_MS } from '@/data/dashboard/get-dashboard-stats';
import { warsawDay } from '@/lib/format';
import { memberSession } from '@/testing/factories';
import { profileRow } from '@/testing/msw/dashboard-answers';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { getByRoleWithText } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime, fakeTimers } from '@/testing/timers';
import { MainPanel } from '../main-panel';

function statsAnswer(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    apps: { count: 4, current_value: 3060000, projected_value: 5300000, revenue: 146700 },
    ideas: { total: 12, pending: 3, approved: 8, rejected: 1, mine: 2 },
    members: { confirmed: 1234, by_level: { FREE: 1000, START: 150, PREMIUM: 60, VIP: 24 } },
    revenue: {
      latest_amount: 24950,
      latest_at: '2026-11-21T10:00:00+00:00',
      pools: { START: 1247.5, PREMIUM: 3742.5, VIP: 4990 },
    },
    ccc: { active: 7, by_tier: { GOLD: 5, START: 2 } },
    me: { membership_level: 'PREMIUM' },
    ...overrides,
  };
}

const ranking = [
  { id: crypto.randomUUID(), full_name: 'Anna Nowak', referral_count: 12, total_earnings: 4499.1 },
  { id: crypto.randomUUID(), full_name: null, referral_count: 8, total_earnings: 0 },
  { id: crypto.randomUUID(), full_name: 'Piotr Zieliński', referral_count: 5, total_earnings: 1499.7 },
  { id: crypto.randomUUID(), full_name: 'Ewa Kowalska', referral_count: 1, total_earnings: 0 },
];

type Answers = { stats?: () => Response; rankings?: () => Response; profile?: Parameters<typeof profileRow>[1] };

function setup(answers: Answers = {}) {
  const calls = { stats: 0, rankings: 0, rankingBody: undefined as unknown };
  server.use(
    http.post(restUrl('/rpc/get_dashboard_stats'), () => {
      calls.stats += 1;
      return answers.stats ? answers.stats() : HttpResponse.json(statsAnswer());
    }),
    http.post(restUrl('/rpc/get_referral_rankings'), async ({ request }) => {
      calls.rankings += 1;
      calls.rankingBody = await request.json();
      return answers.rankings ? answers.rankings() : HttpResponse.json(ranking);
    }),
  );
  const session = memberSession();
  server.use(http.get(restUrl('/profiles'), () => HttpResponse.json(profileRow(session.user, answers.profile))));
  const view = renderWithProviders(<MainPanel />, { session, supabase: createTestSupabase() });
  return { ...view, calls };
}

const card = (label: string) => getByRoleWithText('listitem', label);

describe('the main panel', () => {
  it("has the title, the 'Ostatnie aktywności' placeholder and a loading state", async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel główny' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Ładowanie statystyk...' })).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Ostatnie aktywności' });
    expect(recent).toHaveTextContent('Tutaj pojawią się Twoje ostatnie działania w klubie.');
    await screen.findByText('Członkowie klubu');
  });

  it('shows what get_dashboard_stats returns, formatted for pl-PL', async () => {
    setup();
    await screen.findByText('Członkowie klubu');
    expect(card('Członkowie klubu')).toHaveTextContent('1234');
    expect(card('Członkowie klubu')).toHaveTextContent(/FREE\s*1000/);
    expect(card('Członkowie klubu')).toHaveTextContent(/VIP\s*24/);
    expect(card('Aplikacje w portfelu')).toHaveTextContent('4');
    expect(card('Aplikacje w portfelu')).toHaveTextContent('Łączna wycena: 3 060 000 zł');
    expect(card('Pomysły')).toHaveTextContent(/Zaakceptowane\s*8/);
    expect(card('Pomysły')).toHaveTextContent(/W ocenie\s*3/);
    expect(card('Pomysły')).toHaveTextContent(/Twoje\s*2/);
    expect(card('Przychód e-commerce')).toHaveTextContent('24 950 zł');
    expect(card('Przychód e-commerce')).toHaveTextContent('Ostatni wpis: 21.11.2026');
    expect(card('Aktywne pakiety CCC')).toHaveTextContent('7');
    expect(card('Aktywne pakiety CCC')).toHaveTextContent(/GOLD\s*5/);
  });

  it("shows the three profit pools and leads with the member's own", async () => {
    setup();
    await screen.findByText('Pule zysków');
    const pools = card('Pule zysków');
    // PREMIUM: 24 950 × 15 % = 3742.5 → "3743 zł" (PLN without decimals).
    expect(within(pools).getByText('3743 zł', { selector: 'p' })).toBeInTheDocument();
    expect(pools).toHaveTextContent(/START\s*1248 zł/);
    expect(pools).toHaveTextContent(/PREMIUM \(Twój poziom\)\s*3743 zł/);
    expect(pools).toHaveTextContent(/VIP\s*4990 zł/);
  });

  it('a FREE member sees the pools without a leading value', async () => {
    setup({ stats: () => HttpResponse.json(statsAnswer({ me: { membership_level: 'FREE' } })) });
    await screen.findByText('Pule zysków');
    expect(within(card('Pule zysków')).queryByText(/zł/, { selector: 'p.text-2xl' })).not.toBeInTheDocument();
    expect(card('Pule zysków')).not.toHaveTextContent('Twój poziom');
  });

  it('says when there is no revenue yet', async () => {
    const stats = statsAnswer();
    setup({
      stats: () =>
        HttpResponse.json({
          ...stats,
          revenue: { latest_amount: null, latest_at: null, pools: { START: 0, PREMIUM: 0, VIP: 0 } },
        }),
    });
    await screen.findByText('Przychód e-commerce');
    expect(card('Przychód e-commerce')).toHaveTextContent('Brak danych o przychodzie');
  });

  it('refuses an answer of another shape (error state with retry)', async () => {
    let answer: JsonBodyType = { apps: { count: 'many' } };
    const { user } = setup({ stats: () => HttpResponse.json(answer) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nie udało się załadować statystyk');
    answer = statsAnswer();
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Członkowie klubu')).toBeInTheDocument();
  });

  it('shows a failure of the call with the mapped message', async () => {
    setup({ stats: () => postgrestError(403, { code: '42501', message: 'auth.forbidden' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować statystyk: Brak dostępu');
  });

  it('asks again every 30 s', async () => {
    fakeTimers({ clock: true });
    const { calls } = setup();
    for (let i = 0; i < 50 && calls.stats < 1; i += 1) await advanceTime(10);
    expect(calls.stats).toBe(1);
    await advanceTime(DASHBOARD_STATS_REFETCH_MS - 1_000);
    expect(calls.stats).toBe(1);
    await advanceTime(1_000);
    for (let i = 0; i < 50 && calls.stats < 2; i += 1) await advanceTime(10);
    expect(calls.stats).toBe(2);
    await advanceTime(DASHBOARD_STATS_REFETCH_MS);
    for (let i = 0; i < 50 && calls.stats < 3; i += 1) await advanceTime(10);
    expect(calls.stats).toBe(3);
  });
});

describe('Top Partners', () => {
  it('ranks the partners: places 1-3 in their own colours, "Anonim" without a name, earnings in PLN', async () => {
    const { calls } = setup();
    const section = await screen.findByRole('region', { name: 'Top Partnerzy' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-place'))).toEqual(['1', '2', '3', '4']);
    expect(rows[0]).toHaveTextContent(/1\.\s*Anna Nowak\s*Poleceni: 12\s*Prowizje: 4499 zł/);
    expect(rows[1]).toHaveTextContent('Anonim');
    expect(rows[2]).toHaveTextContent('Piotr Zieliński');
    const colours = rows.slice(0, 3).map((row) => row.className.match(/text-rank-\w+/)?.[0]);
    expect(colours).toEqual(['text-rank-gold', 'text-rank-silver', 'text-rank-bronze']);
    expect(rows[3]!.className).not.toMatch(/rank-/);
    expect(calls.rankingBody).toEqual({ p_limit: 10 });
  });

  it('is hidden when the ranking is empty', async () => {
    const { calls } = setup({ rankings: () => HttpResponse.json([]) });
    await screen.findByText('Członkowie klubu');
    await waitFor(() => expect(calls.rankings).toBe(1));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Top Partnerzy' })).not.toBeInTheDocument();
  });

  it('shows its own error', async () => {
    setup({ rankings: () => postgrestError(500, { code: 'XX000', message: 'boom' }) });
    const section = await screen.findByRole('region', { name: 'Top Partnerzy' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Nie udało się załadować rankingu partnerów: Błąd serwera, spróbuj ponownie później',
    );
  });
});

describe('the renewal notice', () => {
  // Days in Warsaw, as the notice counts them (the test's own clock may be in another zone).
  const inDays = (days: number) => new Date(Date.parse(warsawDay()) + days * 86_400_000).toISOString().slice(0, 10);
  const shown = (date: string) => date.split('-').reverse().join('.');

  it('shows from 30 days before the end, with a link to the plans', async () => {
    const until = inDays(30);
    setup({ profile: { level: 'PREMIUM', validUntil: until } });
    const notice = await screen.findByText(/Twoje członkostwo PREMIUM jest ważne do/);
    expect(notice).toHaveTextContent(`Twoje członkostwo PREMIUM jest ważne do ${shown(until)}.`);
    expect(within(notice).getByRole('link', { name: 'Odnów członkostwo' })).toHaveAttribute(
      'href',
      '/dashboard/investments',
    );
  });

  it('is not shown 31 days before the end, nor for FREE members', async () => {
    setup({ profile: { level: 'PREMIUM', validUntil: inDays(31) } });
    await screen.findByText('Członkowie klubu');
    expect(screen.queryByText(/Twoje członkostwo/)).not.toBeInTheDocument();
  });

  it('says the membership ended when the level counts as FREE after the end date', async () => {
    const until = inDays(-1);
    setup({ profile: { level: 'START', validUntil: until, effectiveLevel: 'FREE' } });
    const notice = await screen.findByText(/wygasło/);
    expect(notice).toHaveTextContent(`Twoje członkostwo wygasło ${shown(until)}. Twój poziom to teraz FREE.`);
    expect(within(notice).getByRole('link', { name: 'Odnów członkostwo' })).toBeInTheDocument();
  });

  it('says so too once the cache rolled over to FREE with the end date', async () => {
    const until = inDays(-40);
    setup({ profile: { level: 'FREE', validUntil: until, effectiveLevel: 'FREE' } });
    const notice = await screen.findByText(/wygasło/);
    expect(notice).toHaveTextContent(`Twoje członkostwo wygasło ${shown(until)}. Twój poziom to teraz FREE.`);
  });
});
