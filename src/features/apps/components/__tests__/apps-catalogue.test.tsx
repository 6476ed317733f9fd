import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memberSession } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { AppsCatalogue } from '../apps-catalogue';

const plans = [
  {
    tier: 'START',
    yearly_price_pln: 4997,
    profit_share: 0.05,
    idea_ownership: 0.05,
    price_usdt: 1220,
    price_acc: 4497,
    updated_at: '2026-11-01T00:00:00Z',
  },
  {
    tier: 'PREMIUM',
    yearly_price_pln: 14997,
    profit_share: 0.15,
    idea_ownership: 0.1,
    price_usdt: 3625,
    price_acc: 13497,
    updated_at: '2026-11-01T00:00:00Z',
  },
  {
    tier: 'VIP',
    yearly_price_pln: 49997,
    profit_share: 0.2,
    idea_ownership: 0.2,
    price_usdt: 12099,
    price_acc: 44997,
    updated_at: '2026-11-01T00:00:00Z',
  },
];

function appRow(overrides: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    name: 'FitPlan',
    description: 'Plany treningowe i dieta dopasowane do celu.',
    category: 'lifestyle',
    image_url: 'https://cdn.example.com/fitplan.png',
    image_width: 640,
    image_height: 360,
    website_url: 'https://fitplan.example.com',
    app_store_url: 'https://apps.apple.com/pl/app/fitplan/id1',
    google_play_url: 'https://play.google.com/store/apps/details?id=com.example.fitplan',
    downloads: 125000,
    revenue: 48200,
    active_users: 18400,
    rating: 4.6,
    growth_rate: 12.4,
    created_at: '2026-05-01T00:00:00Z',
    ...overrides,
  };
}

function setup({ apps = () => HttpResponse.json([appRow()]), planAnswer = () => HttpResponse.json(plans) } = {}) {
  let query: URLSearchParams | undefined;
  server.use(
    http.get(restUrl('/apps'), ({ request }) => {
      query = new URL(request.url).searchParams;
      return apps();
    }),
    http.get(restUrl('/membership_plans'), () => planAnswer()),
  );
  const view = renderWithProviders(<AppsCatalogue />, { session: memberSession(), supabase: createTestSupabase() });
  return { ...view, query: () => query };
}

describe('the apps catalogue', () => {
  it('shows a card per app, newest first, with metrics formatted for pl-PL', async () => {
    const { query } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Aplikacje' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Ładowanie aplikacji...' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'FitPlan' });
    expect(card).toHaveTextContent('Styl życia');
    expect(card).toHaveTextContent(/Pobrania\s*125 000/);
    expect(card).toHaveTextContent(/Aktywni użytkownicy\s*18 400/);
    expect(card).toHaveTextContent(/Ocena\s*4,6 \/ 5/);
    expect(card).toHaveTextContent(/Wzrost\s*\+12,4%/);
    expect(card).toHaveTextContent(/Wygenerowany przychód\s*48 200 zł/);
    // The picture is decorative (alt=""), so it has the presentation role.
    expect(within(card).getByRole('presentation')).toHaveAttribute('src', 'https://cdn.example.com/fitplan.png');
    expect(query()?.get('order')).toBe('created_at.desc,id.desc');
    expect(query()?.get('select')).toContain('google_play_url');
  });

  it('computes the three pools as revenue × each plan’s share', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'FitPlan' });
    const pools = await within(card).findByRole('region', { name: 'Pule zysków – FitPlan' });
    // 48 200 × 5 % = 2410, × 15 % = 7230, × 20 % = 9640.
    expect(pools).toHaveTextContent(/Pula START \(5%\)\s*2410 zł/);
    expect(pools).toHaveTextContent(/Pula PREMIUM \(15%\)\s*7230 zł/);
    expect(pools).toHaveTextContent(/Pula VIP \(20%\)\s*9640 zł/);
  });

  it('links to the website and the stores in a new tab, safely; unsafe or missing links are left out', async () => {
    setup({
      apps: () =>
        HttpResponse.json([
          appRow({
            name: 'Kolejka',
            website_url: 'javascript:alert(1)',
            app_store_url: null,
            google_play_url: null,
            image_url: null,
          }),
          appRow(),
        ]),
    });
    const card = await screen.findByRole('article', { name: 'FitPlan' });
    const website = within(card).getByRole('link', { name: 'Strona WWW – FitPlan (otwiera się w nowej karcie)' });
    expect(website).toHaveAttribute('href', 'https://fitplan.example.com/');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByRole('link', { name: /^App Store/ })).toHaveAttribute(
      'href',
      'https://apps.apple.com/pl/app/fitplan/id1',
    );
    expect(within(card).getByRole('link', { name: /^Google Play/ })).toBeInTheDocument();

    const other = screen.getByRole('article', { name: 'Kolejka' });
    expect(within(other).queryAllByRole('link')).toEqual([]);
    expect(within(other).queryByRole('presentation')).not.toBeInTheDocument();
  });

  it('shows a negative growth with its sign', async () => {
    setup({ apps: () => HttpResponse.json([appRow({ growth_rate: -2.5 })]) });
    expect(await screen.findByRole('article')).toHaveTextContent(/Wzrost\s*-2,5%/);
  });

  it("says 'Brak dostępnych aplikacji' when there are none", async () => {
    setup({ apps: () => HttpResponse.json([]) });
    expect(await screen.findByText('Brak dostępnych aplikacji')).toBeInTheDocument();
  });

  it("says 'Nie udało się załadować aplikacji' when the read fails, and retries", async () => {
    let answer = () => postgrestError(500, { code: 'XX000', message: 'boom' });
    const { user } = setup({ apps: () => answer() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nie udało się załadować aplikacji');
    answer = () => HttpResponse.json([appRow()]);
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('article', { name: 'FitPlan' })).toBeInTheDocument();
  });

  it('still shows the apps when the plans cannot be read, without pools', async () => {
    setup({ planAnswer: () => postgrestError(500, { code: 'XX000', message: 'boom' }) });
    const card = await screen.findByRole('article', { name: 'FitPlan' });
    expect(await within(card).findByText('Pule zysków są chwilowo niedostępne')).toBeInTheDocument();
  });
});
