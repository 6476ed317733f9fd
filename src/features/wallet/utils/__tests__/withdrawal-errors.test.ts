import { AppError } from '@/lib/errors';
import { withdrawalFailure } from '../withdrawal-errors';

/** request_withdrawal raises its keys with P0001, which PostgREST answers with 400. */
const raised = (key: string) => new AppError(key, { code: 'P0001', status: 400 });

describe('withdrawalFailure: a failed withdrawal request, by the class of the error', () => {
  it.each([
    ['wallet.insufficient_funds', 'amount'],
    ['wallet.invalid_amount', 'amount'],
    ['wallet.below_minimum', 'amount'],
    ['wallet.invalid_network', 'network'],
    ['wallet.network_disabled', 'network'],
    ['wallet.invalid_address', 'address'],
  ])('puts %s on the %s field', (key, field) => {
    expect(withdrawalFailure(raised(key))).toEqual({ to: 'field', field, key });
  });

  it('asks for the code when the server wants the second factor', () => {
    expect(withdrawalFailure(raised('wallet.mfa_required'))).toEqual({
      to: 'step_up',
      message: 'Wystąpił błąd podczas wypłaty',
    });
  });

  it('says the request got no answer when the network failed', () => {
    expect(withdrawalFailure(new TypeError('Failed to fetch'))).toEqual({
      to: 'form',
      message: 'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    });
  });

  it('says the withdrawal could not be created when the server failed', () => {
    expect(withdrawalFailure(new AppError('boom', { status: 503 }))).toEqual({
      to: 'form',
      message: 'Nie udało się utworzyć wypłaty',
    });
  });

  it('gives the general withdrawal text for anything else', () => {
    expect(withdrawalFailure(new AppError('permission denied', { code: '42501', status: 403 }))).toEqual({
      to: 'form',
      message: 'Wystąpił błąd podczas wypłaty',
    });
  });
});
