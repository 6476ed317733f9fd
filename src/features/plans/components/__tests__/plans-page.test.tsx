import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MembershipPlan } from '@/data/membership/get-membership-plans';
import { buildSession, buildUser } from '@/testing/factories';
import { functionsUrl, postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { buildPaymentOrder, fakePaymentTab, serveCreateOrder } from '@/testing/payment';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { PlansPage } from '../plans-page';

function plan(tier: MembershipPlan['tier'], values: Partial<MembershipPlan>): MembershipPlan {
  return {
    tier,
    yearly_price_pln: 0,
    profit_share: 0,
    idea_ownership: 0,
    price_usdt: 0,
    price_acc: 0,
    description: `Opis planu ${tier}`,
    benefits: [`Korzyść A planu ${tier}`, `Korzyść B planu ${tier}`],
    updated_at: '2026-11-01T10:00:00+00:00',
    ...values,
  };
}

const plans = [
  plan('START', {
    yearly_price_pln: 4997,
    profit_share: 0.05,
    idea_ownership: 0.05,
    price_usdt: 1220,
    price_acc: 4497,
  }),
  plan('PREMIUM', {
    yearly_price_pln: 14997,
    profit_share: 0.15,
    idea_ownership: 0.1,
    price_usdt: 3625,
    price_acc: 13497,
  }),
  plan('VIP', { yearly_price_pln: 49997, profit_share: 0.2, idea_ownership: 0.2, price_usdt: 12099, price_acc: 44997 }),
];

const links = plans.flatMap((item) =>
  (['transfer', 'usdt', 'acc'] as const).map((method) => ({
    tier: item.tier,
    method,
    url: `https://pay.example.com/${item.tier.toLowerCase()}/${method}?ref=klub`,
  })),
);

type Preview = {
  tier: string;
  from_level: string;
  first_day: string;
  last_day: string | null;
  extra_days: number;
  change: string;
};

const newPlan = (tier: string): Preview => ({
  tier,
  from_level: 'FREE',
  first_day: '2026-11-27',
  last_day: '2027-11-26',
  extra_days: 0,
  change: 'new',
});

function servePreview(preview: (tier: string) => Preview) {
  const calls: unknown[] = [];
  server.use(
    http.post(restUrl('/rpc/preview_plan_change'), async ({ request }) => {
      const body = (await request.json()) as { p_tier: string };
      calls.push(body);
      return HttpResponse.json(preview(body.p_tier));
    }),
  );
  return calls;
}

function serve({ linkRows = links, level = 'START' }: { linkRows?: typeof links; level?: string } = {}) {
  servePreview(newPlan);
  server.use(
    http.get(restUrl('/membership_plans'), () => HttpResponse.json(plans)),
    http.get(restUrl('/plan_payment_links'), () => HttpResponse.json(linkRows)),
    http.get(restUrl('/profiles'), () =>
      HttpResponse.json({ email: 'jan+klub@example.pl', membership_level: level, user_settings: null }),
    ),
  );
}

function setup(route = '/dashboard/investments') {
  const supabase = createTestSupabase();
  const session = buildSession(buildUser({ email: 'jan+klub@example.pl' }));
  const { open, tab } = fakePaymentTab();
  return { ...renderWithProviders(<PlansPage />, { supabase, session, route }), open, tab };
}

/** The payment gateway configured, registering as told; records what the browser sent. */
function serveGateway(
  answer: () => Response = () =>
    HttpResponse.json({
      url: 'https://sandbox.przelewy24.pl/trnRequest/TOKEN123',
      sessionId: 'KLB-7F3K2Q-1',
      reference: 'KLB-7F3K2Q',
    }),
) {
  const calls: Record<string, unknown>[] = [];
  server.use(
    http.get(functionsUrl('przelewy24-register'), () => HttpResponse.json({ configured: true })),
    http.post(functionsUrl('przelewy24-register'), async ({ request }) => {
      calls.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return calls;
}

const card = (tier: string) => screen.getByRole('article', { name: tier });
/** A description that shows this price (formatted with non-breaking spaces, which the description keeps). */
const describes = (text: string) => expect.stringMatching(new RegExp(text.replace(/ /g, '\\s'))) as string;

describe('plans grid', () => {
  it('shows START, PREMIUM and VIP with price, profit share, idea ownership, description and benefits', async () => {
    serve();
    setup();
    expect(await screen.findByRole('heading', { name: 'Dołącz do Klubu', level: 1 })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'START' });

    const premium = within(card('PREMIUM'));
    expect(premium.getByText('14 997 zł')).toBeInTheDocument();
    expect(definitionOf(card('PREMIUM'), 'Udział w zyskach')).toHaveTextContent('15%');
    expect(definitionOf(card('PREMIUM'), 'Udział we własności pomysłów')).toHaveTextContent('10%');
    expect(premium.getByText('Opis planu PREMIUM')).toBeInTheDocument();
    expect(premium.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓Korzyść A planu PREMIUM',
      '✓Korzyść B planu PREMIUM',
    ]);
    expect(definitionOf(card('VIP'), 'Udział w zyskach')).toHaveTextContent('20%');
    expect(await within(card('START')).findByText('Twój plan')).toBeInTheDocument();
    expect(within(card('VIP')).queryByText('Twój plan')).not.toBeInTheDocument();
  });

  it('shows the load failure with a retry', async () => {
    server.use(
      http.get(restUrl('/membership_plans'), () => postgrestError(500, { code: 'XX000', message: 'boom' })),
      http.get(restUrl('/plan_payment_links'), () => HttpResponse.json(links)),
      http.get(restUrl('/profiles'), () => HttpResponse.json({ email: 'a@b.pl', membership_level: 'FREE' })),
    );
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować planów członkostwa');
    serve();
    await screen.findByRole('button', { name: 'Spróbuj ponownie' }).then((button) => button.click());
    expect(await screen.findByRole('article', { name: 'VIP' })).toBeInTheDocument();
  });
});

describe('payment dialog', () => {
  async function openDialog(tier: string) {
    const view = setup();
    await view.user.click(await within(await screen.findByRole('article', { name: tier })).findByRole('button'));
    return { ...view, dialog: screen.getByRole('dialog', { name: `Płatność za plan ${tier}` }) };
  }

  const CONSENT =
    'Chcę, aby usługa zaczęła się od razu po potwierdzeniu płatności, i przyjmuję do wiadomości, że tracę wtedy prawo odstąpienia od umowy w ciągu 14 dni.';
  const consentBox = (dialog: HTMLElement) => within(dialog).getByRole('checkbox', { name: CONSENT });

  it('lists the three methods with the prices of §9', async () => {
    serve();
    const { dialog } = await openDialog('VIP');
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['transfer', 'usdt', 'acc']);
    const option = (name: string) => within(dialog).getByRole('radio', { name });
    expect(option('Szybki przelew bankowy')).toHaveAccessibleDescription(describes('49 997 zł'));
    expect(option('Kryptowaluta USDT')).toHaveAccessibleDescription(describes('12 099,00 USDT'));
    expect(option('Płatności ACC')).toHaveAccessibleDescription(describes('44 997 zł'));
    expect(option('Płatności ACC')).toHaveAccessibleDescription(describes('-10% RABATU'));
    // The ACC price strikes the full one through.
    expect(within(dialog).getByText('49 997 zł', { selector: 's' })).toBeInTheDocument();
  });

  it('shows the prices the catalogue has when it opens, not the grid’s older copy', async () => {
    serve();
    const view = setup();
    await screen.findByRole('article', { name: 'START' });
    // An admin changes the START price elsewhere: the grid still shows its cached read.
    const changed = plans.map((row) =>
      row.tier === 'START' ? { ...row, yearly_price_pln: 5555, price_usdt: 1300 } : row,
    );
    server.use(http.get(restUrl('/membership_plans'), () => HttpResponse.json(changed)));
    expect(card('START')).toHaveTextContent('4997 zł');
    await view.user.click(within(card('START')).getByRole('button', { name: 'Wybierz plan START' }));
    const dialog = screen.getByRole('dialog', { name: 'Płatność za plan START' });
    const option = (name: string) => within(dialog).getByRole('radio', { name });
    await waitFor(() => expect(option('Szybki przelew bankowy')).toHaveAccessibleDescription(describes('5555 zł')));
    expect(option('Kryptowaluta USDT')).toHaveAccessibleDescription(describes('1300,00 USDT'));
  });

  it("asks for a method: 'Wybierz metodę płatności', and opens nothing", async () => {
    serve();
    const { dialog, user, open } = await openDialog('START');
    await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Wybierz metodę płatności');
    expect(open).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' }));
    expect(within(dialog).queryByText('Wybierz metodę płatności')).not.toBeInTheDocument();
  });

  it.each([
    [
      'transfer',
      'Szybki przelew bankowy',
      'https://pay.example.com/premium/transfer?ref=klub',
      'Podaj ten kod w tytule przelewu',
    ],
    [
      'usdt',
      'Kryptowaluta USDT',
      'https://pay.example.com/premium/usdt?ref=klub',
      'Podaj ten kod w opisie (memo) transakcji USDT',
    ],
    [
      'acc',
      'Płatności ACC',
      'https://pay.example.com/premium/acc?ref=klub&email=jan%2Bklub%40example.pl',
      'Podaj ten kod w polu uwag płatności ACC',
    ],
  ])(
    'pays by %s: a tab opens within the click, the order is recorded, the tab goes to the plan’s page and the reference shows',
    async (method, name, url, next) => {
      serve();
      const created = serveCreateOrder({ reference: 'KLB-7F3K2Q', plan_tier: 'PREMIUM' });
      server.use(created.handler);
      const { dialog, user, open, tab } = await openDialog('PREMIUM');
      await user.click(within(dialog).getByRole('radio', { name }));
      await user.click(consentBox(dialog));
      await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
      expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
      expect(await within(dialog).findByTestId('payment-reference')).toHaveTextContent('KLB-7F3K2Q');
      expect(created.calls).toEqual([{ p_method: method, p_plan_tier: 'PREMIUM', p_consent_text: CONSENT }]);
      expect(within(dialog).queryByTestId('payment-replaced')).not.toBeInTheDocument();
      expect(tab.location.href).toBe(url);
      expect(tab.opener).toBeNull();
      expect(tab.close).not.toHaveBeenCalled();
      expect(dialog).toHaveTextContent(next);
      await user.click(within(dialog).getByRole('button', { name: 'Kopiuj kod' }));
      expect(await navigator.clipboard.readText()).toBe('KLB-7F3K2Q');
      expect(within(dialog).getByRole('status')).toHaveTextContent('Skopiowano kod');
    },
  );

  it("closes the tab and says 'Wystąpił błąd podczas płatności' when the order cannot be recorded, keeping the choice", async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/create_payment_order'), () =>
        postgrestError(400, { code: 'P0001', message: 'payments.too_many_pending' }),
      ),
    );
    const { dialog, user, tab } = await openDialog('START');
    await user.click(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' }));
    await user.click(consentBox(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Wystąpił błąd podczas płatności');
    expect(alert).toHaveTextContent('Masz już 3 płatności oczekujące na potwierdzenie');
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe('');
    expect(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' })).toBeChecked();
    expect(consentBox(dialog)).toBeChecked();
  });

  it('offers a link to the payment page when the browser blocked the tab', async () => {
    serve();
    server.use(serveCreateOrder().handler);
    const { dialog, user, open } = await openDialog('START');
    open.mockReturnValue(null);
    await user.click(within(dialog).getByRole('radio', { name: 'Szybki przelew bankowy' }));
    await user.click(consentBox(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
    const link = await within(dialog).findByRole('link', { name: 'Przejdź do strony płatności' });
    expect(link).toHaveAttribute('href', 'https://pay.example.com/start/transfer?ref=klub');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("says 'Wystąpił błąd podczas płatności' for a missing link instead of opening a blank tab", async () => {
    serve({ linkRows: links.filter((link) => !(link.tier === 'VIP' && link.method === 'usdt')) });
    const { dialog, user, open } = await openDialog('VIP');
    await user.click(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' }));
    await user.click(consentBox(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas płatności');
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('states an upgrade in words before paying: the dates and the extra days for the unused period', async () => {
    serve();
    const calls = servePreview((tier) => ({
      tier,
      from_level: 'PREMIUM',
      first_day: '2026-11-27',
      last_day: '2028-02-02',
      extra_days: 68,
      change: 'upgrade',
    }));
    const { dialog } = await openDialog('VIP');
    expect(await within(dialog).findByTestId('plan-change-summary')).toHaveTextContent(
      'Plan VIP od 27.11.2026 do 02.02.2028 (w tym 68 dni za niewykorzystany okres PREMIUM)',
    );
    expect(calls).toEqual([{ p_tier: 'VIP' }]);
  });

  it('says a lower plan starts after the current period ends', async () => {
    serve();
    servePreview((tier) => ({
      tier,
      from_level: 'VIP',
      first_day: '2027-03-01',
      last_day: '2028-02-29',
      extra_days: 0,
      change: 'queued',
    }));
    const { dialog } = await openDialog('START');
    const summary = await within(dialog).findByTestId('plan-change-summary');
    expect(summary).toHaveTextContent('Plan START od 01.03.2027 do 29.02.2028');
    expect(summary).toHaveTextContent('Zacznie się po zakończeniu Twojego obecnego okresu VIP.');
    expect(summary).not.toHaveTextContent('w tym');
  });

  it('refuses a plan after an open-ended level: the reason shows and nothing can be paid', async () => {
    serve();
    servePreview((tier) => ({
      tier,
      from_level: 'VIP',
      first_day: '2026-11-27',
      last_day: null,
      extra_days: 0,
      change: 'blocked',
    }));
    const created = serveCreateOrder();
    server.use(created.handler);
    const { dialog, user, open } = await openDialog('START');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Twój poziom jest bezterminowy — ten plan nie może się po nim zacząć.',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Szybki przelew bankowy' }));
    expect(within(dialog).getByRole('button', { name: 'Zapłać' })).toBeDisabled();
    expect(consentBox(dialog)).toBeDisabled();
    expect(open).not.toHaveBeenCalled();
    expect(created.calls).toEqual([]);
  });

  it('shows a preview failure with a retry that reads it again', async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/preview_plan_change'), () => postgrestError(500, { code: 'XX000', message: 'boom' }), {
        once: true,
      }),
    );
    const { dialog, user } = await openDialog('PREMIUM');
    expect(await within(dialog).findByText('Nie udało się obliczyć okresu planu.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await within(dialog).findByTestId('plan-change-summary')).toHaveTextContent(
      'Plan PREMIUM od 27.11.2026 do 26.11.2027',
    );
  });

  it('asks for the consent before paying, and opens nothing without it', async () => {
    serve();
    const created = serveCreateOrder();
    server.use(created.handler);
    const { dialog, user, open } = await openDialog('START');
    await user.click(within(dialog).getByRole('radio', { name: 'Szybki przelew bankowy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
    expect(dialog).toHaveTextContent('Zaznacz zgodę, aby przejść do płatności.');
    expect(consentBox(dialog)).toHaveAccessibleDescription('Zaznacz zgodę, aby przejść do płatności.');
    expect(open).not.toHaveBeenCalled();
    expect(created.calls).toEqual([]);
    await user.click(consentBox(dialog));
    expect(dialog).not.toHaveTextContent('Zaznacz zgodę');
  });

  it('tells the member when the order replaced an older one whose reference was cancelled', async () => {
    serve();
    server.use(
      serveCreateOrder({ reference: 'KLB-NEW111', replaces_order_id: '0b7f3a52-8c1e-4f5b-9a6d-2b3c4d5e6f71' }).handler,
    );
    const { dialog, user } = await openDialog('START');
    await user.click(within(dialog).getByRole('radio', { name: 'Szybki przelew bankowy' }));
    await user.click(consentBox(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
    expect(await within(dialog).findByTestId('payment-replaced')).toHaveTextContent(
      'poprzedni kod płatności został anulowany i utworzyliśmy nowy',
    );
    expect(within(dialog).getByTestId('payment-reference')).toHaveTextContent('KLB-NEW111');
  });

  it('says why the database refused the order (daily limit) and keeps the choice and the consent', async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/create_payment_order'), () =>
        postgrestError(400, { code: 'P0001', message: 'payments.daily_limit' }),
      ),
    );
    const { dialog, user } = await openDialog('START');
    await user.click(within(dialog).getByRole('radio', { name: 'Płatności ACC' }));
    await user.click(consentBox(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Utworzyłeś dziś zbyt wiele zamówień. Spróbuj ponownie jutro.',
    );
    expect(within(dialog).getByRole('radio', { name: 'Płatności ACC' })).toBeChecked();
    expect(consentBox(dialog)).toBeChecked();
  });

  it("closes with 'Anuluj' and with Escape, returning the focus to the plan's button", async () => {
    serve();
    const { dialog, user } = await openDialog('START');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const button = within(card('START')).getByRole('button', { name: 'Wybierz plan START' });
    expect(button).toHaveFocus();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('through the payment gateway (Przelewy24)', () => {
    it('pays by transfer without a stored link: the order is registered and the tab goes to the gateway', async () => {
      serve({ linkRows: links.filter((link) => link.method !== 'transfer') });
      const created = serveCreateOrder({ reference: 'KLB-7F3K2Q', plan_tier: 'START' });
      server.use(created.handler);
      const registered = serveGateway();
      const { dialog, user, open, tab } = await openDialog('START');
      await user.click(within(dialog).getByRole('radio', { name: 'Szybki przelew bankowy' }));
      await user.click(consentBox(dialog));
      await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
      expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
      expect(await within(dialog).findByTestId('payment-reference')).toHaveTextContent('KLB-7F3K2Q');
      expect(created.calls).toEqual([{ p_method: 'transfer', p_plan_tier: 'START', p_consent_text: CONSENT }]);
      expect(registered).toEqual([{ orderId: buildPaymentOrder().id, returnOrigin: window.location.origin }]);
      expect(tab.location.href).toBe('https://sandbox.przelewy24.pl/trnRequest/TOKEN123');
      expect(dialog).toHaveTextContent('Zapłać na stronie Przelewy24 (BLIK, szybki przelew lub karta)');
      expect(dialog).toHaveTextContent('płatność potwierdzi się sama');
    });

    it('usdt still goes to the stored link', async () => {
      serve();
      server.use(serveCreateOrder().handler);
      const registered = serveGateway();
      const { dialog, user, tab } = await openDialog('START');
      await user.click(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' }));
      await user.click(consentBox(dialog));
      await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
      await within(dialog).findByTestId('payment-reference');
      expect(tab.location.href).toBe('https://pay.example.com/start/usdt?ref=klub');
      expect(registered).toEqual([]);
    });

    it('closes the tab and says why when the gateway cannot register the payment', async () => {
      serve();
      server.use(serveCreateOrder().handler);
      serveGateway(() =>
        HttpResponse.json(
          { error: { code: 'payments.gateway_unreachable', message: 'payments.gateway_unreachable' } },
          { status: 503 },
        ),
      );
      const { dialog, user, tab } = await openDialog('START');
      await user.click(within(dialog).getByRole('radio', { name: 'Szybki przelew bankowy' }));
      await user.click(consentBox(dialog));
      await user.click(within(dialog).getByRole('button', { name: 'Zapłać' }));
      expect(await within(dialog).findByText(/Wystąpił błąd podczas płatności/)).toHaveTextContent(
        'Przelewy24 nie odpowiada. Spróbuj ponownie za chwilę.',
      );
      expect(tab.close).toHaveBeenCalled();
    });
  });

  describe('the return page (?platnosc=)', () => {
    it("says 'Dziękujemy — sprawdzamy płatność' and shows 'Opłacone' with the end date once the order is paid", async () => {
      serve();
      let status: 'pending' | 'paid' = 'pending';
      server.use(
        http.post(restUrl('/rpc/get_my_payment_orders'), () =>
          HttpResponse.json([
            {
              ...buildPaymentOrder({ reference: 'KLB-7F3K2Q', status }),
              item_label: 'Plan START',
              membership_valid_until: status === 'paid' ? '2027-11-26' : null,
            },
          ]),
        ),
      );
      setup('/dashboard/investments?platnosc=KLB-7F3K2Q');
      const region = await screen.findByRole('region', { name: 'Dziękujemy — sprawdzamy płatność' });
      expect(await within(region).findByRole('status')).toHaveTextContent(
        'Czekamy na potwierdzenie płatności KLB-7F3K2Q od Przelewy24.',
      );
      status = 'paid';
      await waitFor(
        () =>
          expect(within(region).getByRole('status')).toHaveTextContent(
            'Opłacone Płatność KLB-7F3K2Q potwierdzona: Plan START, ważny do 26.11.2027.',
          ),
        { timeout: 5000 },
      );
    });

    it('says so for a reference that is not the member’s, and shows nothing without one', async () => {
      serve();
      setup('/dashboard/investments?platnosc=KLB-ABCDEF');
      const region = await screen.findByRole('region', { name: 'Dziękujemy — sprawdzamy płatność' });
      expect(await within(region).findByText('Nie znaleźliśmy płatności KLB-ABCDEF na Twoim koncie.')).toBeVisible();
    });
  });
});
