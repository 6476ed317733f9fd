import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { buildSession, buildUser } from '@/testing/factories';
import { authUrl, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { WithdrawalForm, type SavedWalletMethod } from '../withdrawal-form';

const erc = `0x${'1'.repeat(40)}`;
const bsc = `0x${'2'.repeat(40)}`;

/** The club's networks as public.usdt_networks gives them (all three paid on). */
const networks = (['TRC20', 'ERC20', 'BSC'] as const).map((network) => ({
  network,
  enabled: true,
  receiving_address: network === 'TRC20' ? 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX' : erc,
  min_withdrawal: 10,
  withdrawal_fee: 0,
  updated_at: '2026-11-20T10:00:00+00:00',
}));

function setup(savedMethods: SavedWalletMethod[], served: unknown[] = networks) {
  const account = buildUser();
  server.use(
    http.get(authUrl('/user'), () => userAnswer(account)),
    http.get(restUrl('/usdt_networks'), () => HttpResponse.json(served)),
  );
  return renderWithProviders(<WithdrawalForm available={100} savedMethods={savedMethods} />, {
    supabase: createTestSupabase(),
    session: buildSession(account),
  });
}

describe('saved wallet methods (supported by the form; the page passes none)', () => {
  it('shows no choice without saved methods', () => {
    setup([]);
    expect(screen.queryByLabelText('Zapisany portfel')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Adres portfela')).toHaveValue('');
    expect(screen.getByLabelText('Sieć')).toHaveValue('ERC20');
  });

  it('starts with the default method and fills network and address from the one picked', async () => {
    const { user } = setup([
      { address: erc, network: 'ERC20', isDefault: false },
      { address: bsc, network: 'BSC', isDefault: true },
    ]);
    expect(screen.getByLabelText('Adres portfela')).toHaveValue(bsc);
    expect(screen.getByLabelText('Sieć')).toHaveValue('BSC');
    await user.selectOptions(screen.getByLabelText('Zapisany portfel'), '0');
    expect(screen.getByLabelText('Adres portfela')).toHaveValue(erc);
    expect(screen.getByLabelText('Sieć')).toHaveValue('ERC20');
  });

  it('says so when the club pays out on no network, and offers no submit', async () => {
    setup([], []);
    expect(
      await screen.findByText('Klub nie realizuje teraz wypłat USDT w żadnej sieci. Spróbuj ponownie później.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wypłać' })).toBeDisabled();
    expect(screen.getByLabelText('Sieć')).toBeDisabled();
  });
});
