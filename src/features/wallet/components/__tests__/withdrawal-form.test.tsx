import { screen } from '@testing-library/react';
import { http } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { authUrl, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { WithdrawalForm, type SavedWalletMethod } from '../withdrawal-form';

const erc = `0x${'1'.repeat(40)}`;
const bsc = `0x${'2'.repeat(40)}`;

function setup(savedMethods: SavedWalletMethod[]) {
  const account = buildUser();
  server.use(http.get(authUrl('/user'), () => userAnswer(account)));
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
});
