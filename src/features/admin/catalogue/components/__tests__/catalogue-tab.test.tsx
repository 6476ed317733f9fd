import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { CatalogueTab } from '../catalogue-tab';

const planRow = (tier: string, price: number, updatedAt = '2026-11-20T10:00:00Z') => ({
  tier,
  yearly_price_pln: price,
  price_usdt: price / 4,
  price_acc: price * 0.9,
  profit_share: tier === 'START' ? 0.05 : 0.15,
  idea_ownership: 0.005,
  description: `Plan ${tier}`,
  benefits: ['Dostęp do aplikacji', 'Udział w zyskach'],
  updated_at: updatedAt,
});

const tierRow = (tier: string, used: number) => ({
  tier,
  ccc_amount: 1000,
  price_usd: 100,
  price_acc_usd: 90,
  acc_savings_usd: 10,
  profit_share: 0.01,
  duration_months: 12,
  total_slots: 10,
  used_slots: used,
  available_slots: 10 - used,
});

function mockCatalogue() {
  const planReads = mockTable('get', 'membership_plans', () => [planRow('START', 1500), planRow('PREMIUM', 4500)]);
  mockRpc('get_ccc_availability', [tierRow('BRONZE', 3), tierRow('GOLD', 0)]);
  mockTable('get', 'ccc_settings', {
    contract_address: null,
    total_supply: 1000000,
    explorer_token_url: 'https://etherscan.io/token/{address}',
    updated_at: '2026-11-20T10:00:00Z',
  });
  return { planReads };
}

describe('the catalogue tab', () => {
  it('saves a plan with shares as fractions and the benefits by line, then reads the plans again', async () => {
    const { planReads } = mockCatalogue();
    const updates = mockRpc('admin_update_membership_plan', planRow('START', 1600, '2026-11-25T10:00:00Z'));
    const { user } = renderAdmin(<CatalogueTab />);

    const start = await screen.findByRole('region', { name: 'Plan START' });
    const price = within(start).getByLabelText('Cena roczna (PLN)');
    expect(price).toHaveValue('1500');
    expect(within(start).getByLabelText('Udział w zyskach (%)')).toHaveValue('5');
    expect(within(start).getByLabelText('Udział we własności pomysłów (%)')).toHaveValue('0,5');

    await user.clear(price);
    await user.type(price, '1599,99');
    const benefits = within(start).getByLabelText(/^Korzyści/);
    await user.type(benefits, '\n\n  Nowa korzyść  ');
    const readsBefore = planReads.length;
    await user.click(within(start).getByRole('button', { name: 'Zapisz plan START' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({
      p_tier: 'START',
      p_yearly_price_pln: 1599.99,
      p_price_usdt: 375,
      p_price_acc: 1350,
      p_profit_share: 0.05,
      p_idea_ownership: 0.005,
      p_description: 'Plan START',
      p_benefits: ['Dostęp do aplikacji', 'Udział w zyskach', 'Nowa korzyść'],
    });
    expect(await screen.findByText('Zapisano plan START')).toBeInTheDocument();
    // The members' plans query (one key) is read again.
    await waitFor(() => expect(planReads.length).toBeGreaterThan(readsBefore));
  }, 20_000);

  it('checks a plan before sending it and keeps what was typed when the database refuses', async () => {
    mockCatalogue();
    const updates = mockRpc('admin_update_membership_plan', () =>
      postgrestFailure(400, 'P0001', 'catalogue.invalid_share'),
    );
    const { user } = renderAdmin(<CatalogueTab />);
    const premium = await screen.findByRole('region', { name: 'Plan PREMIUM' });
    const share = within(premium).getByLabelText('Udział w zyskach (%)');
    await user.clear(share);
    await user.type(share, '100');
    await user.click(within(premium).getByRole('button', { name: 'Zapisz plan PREMIUM' }));
    expect(
      await within(premium).findByText(
        'Udział musi być liczbą większą od 0 i mniejszą od 1, z najwyżej czterema miejscami po przecinku',
      ),
    ).toBeInTheDocument();
    expect(share).toHaveFocus();
    expect(updates).toHaveLength(0);

    await user.clear(share);
    await user.type(share, '15,5');
    await user.click(within(premium).getByRole('button', { name: 'Zapisz plan PREMIUM' }));
    expect(await within(premium).findByRole('alert')).toHaveTextContent(
      'Udział musi być liczbą większą od 0 i mniejszą od 1, z najwyżej czterema miejscami po przecinku',
    );
    expect(updates[0]?.body).toMatchObject({ p_profit_share: 0.155 });
    expect(share).toHaveValue('15,5');
  }, 20_000);

  it('never sets fewer CCC slots than those in use, and saves a tier', async () => {
    mockCatalogue();
    const updates = mockRpc('admin_update_ccc_tier', { ...tierRow('BRONZE', 3), total_slots: 4 });
    const { user } = renderAdmin(<CatalogueTab />);
    const bronze = await screen.findByRole('region', { name: 'Pakiet BRONZE' });
    expect(within(bronze).getByLabelText('Liczba miejsc (zajęte: 3)')).toBeInTheDocument();
    const slots = within(bronze).getByLabelText(/Liczba miejsc/);
    await user.clear(slots);
    await user.type(slots, '2');
    await user.click(within(bronze).getByRole('button', { name: 'Zapisz pakiet BRONZE' }));
    expect(
      await within(bronze).findByText('Liczba miejsc nie może być mniejsza niż liczba zajętych miejsc'),
    ).toBeInTheDocument();
    expect(updates).toHaveLength(0);

    await user.clear(slots);
    await user.type(slots, '4');
    await user.click(within(bronze).getByRole('button', { name: 'Zapisz pakiet BRONZE' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({
      p_tier: 'BRONZE',
      p_ccc_amount: 1000,
      p_price_usd: 100,
      p_profit_share: 0.01,
      p_duration_months: 12,
      p_total_slots: 4,
    });
    expect(await screen.findByText('Zapisano pakiet BRONZE')).toBeInTheDocument();
  }, 20_000);

  it('sets the contract address (checked as 0x + 40 hex) and the supply', async () => {
    mockCatalogue();
    const address = `0x${'ab12'.repeat(10)}`;
    const updates = mockRpc('admin_update_ccc_settings', {
      contract_address: address,
      total_supply: 2000000,
      explorer_token_url: 'https://etherscan.io/token/{address}',
      id: true,
      updated_at: '2026-11-25T10:00:00Z',
    });
    const { user } = renderAdmin(<CatalogueTab />);
    const contract = await screen.findByLabelText(/Adres kontraktu/);
    await user.type(contract, '0x123');
    await user.click(screen.getByRole('button', { name: 'Zapisz token' }));
    expect(
      await screen.findByText('Adres kontraktu musi mieć postać 0x i 40 znaków szesnastkowych'),
    ).toBeInTheDocument();
    await user.clear(contract);
    await user.type(contract, address);
    const supply = screen.getByLabelText('Całkowita podaż');
    await user.clear(supply);
    await user.type(supply, '2000000');
    await user.click(screen.getByRole('button', { name: 'Zapisz token' }));
    await waitFor(() => expect(updates[0]?.body).toEqual({ p_contract_address: address, p_total_supply: 2000000 }));
    expect(await screen.findByText('Zapisano dane tokenu')).toBeInTheDocument();
  }, 20_000);

  it('shows a read failure with a retry', async () => {
    mockTable('get', 'membership_plans', () => postgrestFailure(500, 'XX000', 'boom'));
    mockRpc('get_ccc_availability', []);
    mockTable('get', 'ccc_settings', () => postgrestFailure(500, 'XX000', 'boom'));
    renderAdmin(<CatalogueTab />);
    expect(await screen.findByText('Nie udało się załadować planów członkowskich')).toBeInTheDocument();
    expect(await screen.findByText('Nie udało się załadować danych tokenu')).toBeInTheDocument();
  }, 20_000);
});
