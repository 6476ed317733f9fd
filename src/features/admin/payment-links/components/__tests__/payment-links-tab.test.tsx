import { screen, waitFor } from '@testing-library/react';
import { mockTable, renderAdmin } from '../../../testing/render-admin';
import { PaymentLinksTab } from '../payment-links-tab';

describe('the payment links tab', () => {
  it('shows every plan and CCC tier by method, checks URLs and saves only what changed', async () => {
    mockTable('get', 'plan_payment_links', [
      { tier: 'START', method: 'transfer', url: 'https://pay.example.com/start', updated_at: '2026-11-20T10:00:00Z' },
    ]);
    mockTable('get', 'ccc_payment_links', []);
    const planUpdates = mockTable('patch', 'plan_payment_links', [{ tier: 'START' }]);
    const cccUpdates = mockTable('patch', 'ccc_payment_links', []);
    const cccInserts = mockTable('post', 'ccc_payment_links', []);
    const { user } = renderAdmin(<PaymentLinksTab />);

    const start = await screen.findByLabelText('Przelew — plan START');
    expect(start).toHaveValue('https://pay.example.com/start');
    expect(screen.getAllByRole('textbox')).toHaveLength(3 * 3 + 6 * 3);

    await user.click(screen.getByLabelText('USDT — pakiet CCC GOLD'));
    await user.paste('javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nieprawidłowy adres URL (wymagany http:// lub https://)')).toBeInTheDocument();
    expect(screen.getByLabelText('USDT — pakiet CCC GOLD')).toHaveFocus();

    await user.clear(screen.getByLabelText('USDT — pakiet CCC GOLD'));
    await user.paste('https://pay.example.com/gold-usdt');
    await user.clear(start);
    await user.paste('https://pay.example.com/start-2');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(cccInserts).toHaveLength(1));
    expect(planUpdates[0]).toMatchObject({
      query: { tier: 'eq.START', method: 'eq.transfer' },
      body: { url: 'https://pay.example.com/start-2' },
    });
    // No GOLD × usdt row yet: the update touches nothing, so the link is inserted.
    expect(cccUpdates).toHaveLength(1);
    expect(cccInserts[0]?.body).toEqual({ tier: 'GOLD', method: 'usdt', url: 'https://pay.example.com/gold-usdt' });
  }, 20_000);

  it('keeps what the admin typed when the links are read again unchanged (window focus, reconnect)', async () => {
    mockTable('get', 'plan_payment_links', [
      { tier: 'START', method: 'transfer', url: 'https://pay.example.com/start', updated_at: '2026-11-20T10:00:00Z' },
    ]);
    mockTable('get', 'ccc_payment_links', []);
    const { user, queryClient } = renderAdmin(<PaymentLinksTab />);
    const start = await screen.findByLabelText('Przelew — plan START');
    await user.clear(start);
    await user.paste('https://pay.example.com/typed');
    const before = queryClient.getQueryCache().getAll()[0]?.state.dataUpdatedAt;
    await queryClient.refetchQueries();
    await waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.dataUpdatedAt).not.toBe(before));
    expect(screen.getByLabelText('Przelew — plan START')).toHaveValue('https://pay.example.com/typed');
  });
});
