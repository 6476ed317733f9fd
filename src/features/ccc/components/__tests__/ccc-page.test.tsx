import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CccPackage } from '@/data/ccc/get-ccc-availability';
import { buildSession, buildUser } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { fakePaymentTab, serveCreateOrder } from '@/testing/payment';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { CccPage } from '../ccc-page';

const CONTRACT = '0x5c0c0a1b2c3d4e5f60718293a4b5c6d7e8f90cc1';

function tier(values: Partial<CccPackage> & Pick<CccPackage, 'tier'>): CccPackage {
  return {
    ccc_amount: 1000,
    price_usd: 200,
    price_acc_usd: 180,
    acc_savings_usd: 20,
    profit_share: 0.03,
    duration_months: 7,
    total_slots: 60,
    used_slots: 0,
    available_slots: 60,
    ...values,
  };
}

const packages: CccPackage[] = [
  tier({
    tier: 'PLATINUM',
    ccc_amount: 18000,
    price_usd: 10000,
    price_acc_usd: 9000,
    acc_savings_usd: 1000,
    profit_share: 0.17,
    duration_months: 12,
    total_slots: 10,
    used_slots: 2,
    available_slots: 8,
  }),
  tier({ tier: 'DIAMOND', ccc_amount: 9000, price_usd: 5000, total_slots: 20, used_slots: 20, available_slots: 0 }),
  tier({ tier: 'START' }),
];

const links = packages.flatMap((pkg) =>
  (['transfer', 'usdt', 'acc'] as const).map((method) => ({
    tier: pkg.tier,
    method,
    url: `https://pay.example.com/ccc/${pkg.tier.toLowerCase()}/${method}`,
  })),
);

function serve({ linkRows = links, settings = {} }: { linkRows?: typeof links; settings?: object } = {}) {
  server.use(
    http.post(restUrl('/rpc/get_ccc_availability'), () => HttpResponse.json(packages)),
    http.get(restUrl('/ccc_settings'), () =>
      HttpResponse.json({
        contract_address: CONTRACT,
        total_supply: 1000000,
        explorer_token_url: 'https://etherscan.io/token/{address}',
        ...settings,
      }),
    ),
    http.get(restUrl('/ccc_payment_links'), () => HttpResponse.json(linkRows)),
    http.get(restUrl('/profiles'), () => HttpResponse.json({ email: 'ewa@example.pl', membership_level: 'FREE' })),
  );
}

function setup() {
  const supabase = createTestSupabase();
  const session = buildSession(buildUser({ email: 'ewa@example.pl' }));
  const { open, tab } = fakePaymentTab();
  return { ...renderWithProviders(<CccPage />, { supabase, session }), open, tab };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('CCC packages page', () => {
  it('describes the ERC20 token, links the contract (6…4) to the explorer and shows the total supply', async () => {
    serve();
    setup();
    expect(screen.getByRole('heading', { name: 'Pakiety CCC', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/ERC20/)).toBeInTheDocument();
    const contract = await screen.findByRole('link', { name: new RegExp(CONTRACT) });
    expect(contract).toHaveTextContent('0x5c0c...0cc1');
    // The name starts with what is visible (axe label-content-name-mismatch).
    expect(contract).toHaveAccessibleName(expect.stringMatching(/^0x5c0c\.\.\.0cc1 — pełny adres 0x5c0c/));
    expect(screen.getByRole('button', { name: 'Kopiuj adres kontraktu' })).toBeInTheDocument();
    expect(contract).toHaveAttribute('href', `https://etherscan.io/token/${CONTRACT}`);
    expect(contract).toHaveAttribute('target', '_blank');
    expect(contract).toHaveAttribute('rel', 'noopener noreferrer');
    expect(definitionOf(document.body, 'Całkowita podaż')).toHaveTextContent('1 000 000 CCC');
  });

  it('without a contract address yet (a fresh project) says it will be published: no link, no copy', async () => {
    serve({ settings: { contract_address: null } });
    setup();
    expect(await screen.findByText('Całkowita podaż')).toBeInTheDocument();
    expect(definitionOf(document.body, 'Kontrakt tokenu')).toHaveTextContent(
      'Adres kontraktu zostanie opublikowany wkrótce',
    );
    expect(screen.queryByRole('link', { name: /pełny adres/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kopiuj adres kontraktu' })).not.toBeInTheDocument();
  });

  it('shows each tier: amount, USDT price, share ×100, months, free of all slots and the availability bar', async () => {
    serve();
    setup();
    const platinumCard = await screen.findByRole('article', { name: 'PLATINUM' });
    const platinum = within(platinumCard);
    const value = (term: string) => definitionOf(platinumCard, term);
    expect(value('Liczba tokenów')).toHaveTextContent('18 000 CCC');
    expect(value('Cena')).toHaveTextContent('10 000,00 USDT');
    expect(value('Udział w zyskach')).toHaveTextContent('17%');
    expect(value('Czas trwania')).toHaveTextContent('12 mies.');
    expect(value('Dostępne miejsca')).toHaveTextContent('8 / 10');
    const bar = platinum.getByRole('progressbar', { name: 'Dostępność pakietu PLATINUM: 80%' });
    expect(bar).toHaveAttribute('aria-valuenow', '80');
    expect(platinum.getByRole('button', { name: 'Kup pakiet' })).toBeEnabled();
  });

  it("disables a tier without free slots: 'Brak dostępnych miejsc', dimmed card", async () => {
    serve();
    setup();
    const diamond = await screen.findByRole('article', { name: 'DIAMOND' });
    expect(within(diamond).getByRole('button', { name: 'Brak dostępnych miejsc' })).toBeDisabled();
    expect(definitionOf(diamond, 'Dostępne miejsca')).toHaveTextContent('0 / 20');
    expect(diamond).toHaveAttribute('data-sold-out', 'true');
    expect(diamond.className).toContain('grayscale');
    expect(card('START')).not.toHaveAttribute('data-sold-out');
  });

  it("says 'Nie udało się pobrać pakietów CCC' when the tiers cannot be read", async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/get_ccc_availability'), () => postgrestError(500, { code: 'XX000', message: 'x' })),
    );
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się pobrać pakietów CCC');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });
});

describe("'Zakup pakietu {tier}'", () => {
  async function openDialog(name: string) {
    const view = setup();
    await view.user.click(
      within(await screen.findByRole('article', { name })).getByRole('button', { name: 'Kup pakiet' }),
    );
    return { ...view, dialog: screen.getByRole('dialog', { name: `Zakup pakietu ${name}` }) };
  }

  it("offers three methods, ACC with '-10% RABATU' and what it saves; 'Kup teraz' waits for a method", async () => {
    serve();
    const { dialog } = await openDialog('PLATINUM');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['transfer', 'usdt', 'acc']);
    const acc = within(dialog).getByRole('radio', { name: 'Płatności ACC' });
    expect(acc).toHaveAccessibleDescription(expect.stringContaining('-10% RABATU'));
    expect(acc).toHaveAccessibleDescription(expect.stringContaining('Oszczędzasz 1000,00 USDT'));
    expect(acc).toHaveAccessibleDescription(expect.stringContaining('9000,00 USDT'));
    expect(within(dialog).getByRole('button', { name: 'Kup teraz' })).toBeDisabled();
    expect(within(dialog).getByTestId('amount-due')).toHaveTextContent('10 000,00 USDT');
  });

  it("shows 'Do zapłaty' with the struck-through price and 90 % of it for ACC", async () => {
    serve();
    const { dialog, user } = await openDialog('PLATINUM');
    await user.click(within(dialog).getByRole('radio', { name: 'Płatności ACC' }));
    const due = within(dialog).getByTestId('amount-due');
    expect(within(due).getByText('10 000,00 USDT', { selector: 's' })).toBeInTheDocument();
    expect(due).toHaveTextContent(/9000,00 USDT$/);
    await user.click(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' }));
    expect(within(due).queryByText(/.*/, { selector: 's' })).not.toBeInTheDocument();
    expect(due).toHaveTextContent('10 000,00 USDT');
    expect(within(dialog).getByText('Do zapłaty')).toBeInTheDocument();
  });

  it.each([
    ['Szybki przelew bankowy', 'https://pay.example.com/ccc/platinum/transfer'],
    ['Kryptowaluta USDT', 'https://pay.example.com/ccc/platinum/usdt'],
    ['Płatności ACC', 'https://pay.example.com/ccc/platinum/acc?email=ewa%40example.pl'],
  ])(
    'buys with %s: records the order, sends the new tab to the tier × method page, shows the reference',
    async (name, url) => {
      serve();
      const created = serveCreateOrder({ kind: 'ccc', plan_tier: null, ccc_tier: 'PLATINUM', reference: 'KLB-CCC234' });
      server.use(created.handler);
      const { dialog, user, open, tab } = await openDialog('PLATINUM');
      await user.click(within(dialog).getByRole('radio', { name }));
      await user.click(within(dialog).getByRole('button', { name: 'Kup teraz' }));
      expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
      expect(await within(dialog).findByTestId('payment-reference')).toHaveTextContent('KLB-CCC234');
      expect(created.calls).toEqual([{ p_method: expect.any(String), p_ccc_tier: 'PLATINUM', p_quantity: 1 }]);
      expect(tab.location.href).toBe(url);
    },
  );

  it("refuses a full tier with the database's reason and closes the tab", async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/create_payment_order'), () =>
        postgrestError(400, { code: 'P0001', message: 'payments.no_slots' }),
      ),
    );
    const { dialog, user, tab } = await openDialog('PLATINUM');
    await user.click(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kup teraz' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Wystąpił błąd podczas płatności');
    expect(alert).toHaveTextContent('Brak dostępnych miejsc w tym pakiecie');
    expect(tab.close).toHaveBeenCalledOnce();
  });

  it("shows 'Przetwarzanie...' while the links are still loading (the tab already open), then sends the tab", async () => {
    let release: () => void = () => {};
    serve();
    server.use(
      http.get(restUrl('/ccc_payment_links'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(links);
      }),
    );
    server.use(serveCreateOrder({ kind: 'ccc', plan_tier: null, ccc_tier: 'START' }).handler);
    const { dialog, user, open, tab } = await openDialog('START');
    await user.click(within(dialog).getByRole('radio', { name: 'Kryptowaluta USDT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kup teraz' }));
    expect(within(dialog).getByRole('button', { name: 'Przetwarzanie...' })).toBeDisabled();
    expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
    release();
    await waitFor(() => expect(tab.location.href).toBe('https://pay.example.com/ccc/start/usdt'));
  });

  it("says 'Wystąpił błąd podczas płatności' when the tier has no link for the method", async () => {
    serve({ linkRows: links.filter((link) => link.tier !== 'START') });
    const { dialog, user, open } = await openDialog('START');
    await user.click(within(dialog).getByRole('radio', { name: 'Szybki przelew bankowy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kup teraz' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas płatności');
    expect(open).not.toHaveBeenCalled();
  });
});

describe('Twoje pakiety', () => {
  it('shows the member’s packages: tier, CCC, share, dates, days left, active or ended', async () => {
    serve();
    const end = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    server.use(
      http.post(restUrl('/rpc/get_user_ccc_packages'), () =>
        HttpResponse.json([
          {
            id: 'a',
            user_id: 'u',
            package_tier: 'GOLD',
            ccc_amount: 4000,
            profit_share: 0.08,
            duration_months: 10,
            start_date: '2026-11-01T10:00:00+00:00',
            end_date: end,
            created_at: '2026-11-01T10:00:00+00:00',
            active: true,
          },
          {
            id: 'b',
            user_id: 'u',
            package_tier: 'START',
            ccc_amount: 1000,
            profit_share: 0.03,
            duration_months: 7,
            start_date: '2025-01-01T10:00:00+00:00',
            end_date: '2025-07-30T10:00:00+00:00',
            created_at: '2025-01-01T10:00:00+00:00',
            active: false,
          },
        ]),
      ),
    );
    setup();
    const section = await screen.findByRole('region', { name: 'Twoje pakiety' });
    const gold = await within(section).findByRole('row', { name: /GOLD/ });
    expect(gold).toHaveTextContent('4000 CCC');
    expect(gold).toHaveTextContent('8%');
    expect(gold).toHaveTextContent('01.11.2026');
    expect(within(gold).getAllByRole('cell')[4]).toHaveTextContent('10');
    expect(gold).toHaveTextContent('Aktywny');
    expect(within(section).getByRole('row', { name: /START/ })).toHaveTextContent('Zakończony');
  });

  it('lets the keyboard reach and scroll the table that scrolls sideways on a phone: a focusable, named region', async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/get_user_ccc_packages'), () =>
        HttpResponse.json([
          {
            id: 'a',
            user_id: 'u',
            package_tier: 'GOLD',
            ccc_amount: 4000,
            profit_share: 0.08,
            duration_months: 10,
            start_date: '2026-11-01T10:00:00+00:00',
            end_date: '2027-09-01T10:00:00+00:00',
            created_at: '2026-11-01T10:00:00+00:00',
            active: true,
          },
        ]),
      ),
    );
    setup();
    const section = await screen.findByRole('region', { name: 'Twoje pakiety' });
    const scroller = await within(section).findByRole('region', { name: 'Tabela Twoich pakietów' });
    expect(scroller).toHaveClass('overflow-x-auto');
    expect(within(scroller).getByRole('table')).toContainElement(within(scroller).getByRole('row', { name: /GOLD/ }));
    // Nothing in the table takes the focus: the region itself is the tab stop (a div without a
    // tabindex would not take it).
    expect(scroller).toHaveAttribute('tabindex', '0');
    act(() => scroller.focus());
    expect(scroller).toHaveFocus();
  });

  it('says when the member has no packages', async () => {
    serve();
    setup();
    const section = await screen.findByRole('region', { name: 'Twoje pakiety' });
    expect(await within(section).findByText('Nie masz jeszcze pakietów CCC')).toBeInTheDocument();
  });
});
