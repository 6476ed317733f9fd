import { createWithdrawalSchema, toCents } from '../withdrawal.schema';

/** A mixed-case EVM address with a valid EIP-55 checksum. */
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** Tether's TRC-20 contract: a valid TRON address. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function errors(
  values: { amount: string; network?: string; address?: string },
  available = 100,
  minimums: Parameters<typeof createWithdrawalSchema>[1] = {},
) {
  const result = createWithdrawalSchema(available, minimums).safeParse({
    network: 'ERC20',
    address: ADDRESS,
    ...values,
  });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('withdrawal form rules', () => {
  it('accepts an amount up to the available balance, with up to 2 decimals', () => {
    expect(errors({ amount: '100' })).toEqual({});
    expect(errors({ amount: '0.01' })).toEqual({});
    expect(errors({ amount: ' 99.99 ' })).toEqual({});
    expect(errors({ amount: '12,5' })).toEqual({});
  });

  it.each(['', '0', '0.00', '-5', 'abc', '1.234', '1e3'])("refuses amount %j: 'Wprowadź poprawną kwotę'", (amount) => {
    expect(errors({ amount })).toEqual({ amount: 'wallet.invalid_amount' });
  });

  it("refuses more than the available balance: 'Niewystarczające środki'", () => {
    expect(errors({ amount: '100.01' })).toEqual({ amount: 'wallet.insufficient_funds' });
    expect(errors({ amount: '0.01' }, 0)).toEqual({ amount: 'wallet.insufficient_funds' });
  });

  it.each([
    ['too short', '0x1234'],
    ['no 0x', `1x${'a'.repeat(40)}`],
    ['not hex', `0x${'g'.repeat(40)}`],
    ['too long', `0x${'a'.repeat(41)}`],
    ['empty', ''],
  ])("refuses an address that is %s: 'Nieprawidłowy adres portfela'", (_case, address) => {
    expect(errors({ amount: '1', address })).toEqual({ address: 'wallet.invalid_address' });
  });

  it('accepts TRC20, ERC20 and BSC, nothing else', () => {
    expect(errors({ amount: '1', network: 'BSC' })).toEqual({});
    expect(errors({ amount: '1', network: 'TRC20', address: TRON_ADDRESS })).toEqual({});
    expect(errors({ amount: '1', network: 'SOL' })).toMatchObject({ network: 'wallet.invalid_network' });
  });

  it("checks the address of the chosen network: TRON 'T…' (34), EVM 0x + 40 hex", () => {
    expect(errors({ amount: '1', network: 'TRC20', address: ADDRESS })).toEqual({ address: 'wallet.invalid_address' });
    expect(errors({ amount: '1', network: 'ERC20', address: TRON_ADDRESS })).toEqual({
      address: 'wallet.invalid_address',
    });
    // base58 has no 0, O, I or l.
    expect(errors({ amount: '1', network: 'TRC20', address: `${TRON_ADDRESS.slice(0, -1)}0` })).toEqual({
      address: 'wallet.invalid_address',
    });
    expect(errors({ amount: '1', network: 'TRC20', address: TRON_ADDRESS.slice(0, -1) })).toEqual({
      address: 'wallet.invalid_address',
    });
  });

  it('checks the checksums: a TRON address with one character changed, a mixed-case EVM address that is not EIP-55', () => {
    const changed = `${TRON_ADDRESS.slice(0, -1)}${TRON_ADDRESS.endsWith('u') ? 'v' : 'u'}`;
    expect(errors({ amount: '1', network: 'TRC20', address: changed })).toEqual({ address: 'wallet.invalid_address' });
    expect(errors({ amount: '1', address: ADDRESS.replace('E0F', 'e0F') })).toEqual({
      address: 'wallet.invalid_address',
    });
    // All lower or all upper case carries no checksum and is accepted.
    expect(errors({ amount: '1', address: ADDRESS.toLowerCase() })).toEqual({});
  });

  it("refuses less than the chosen network's minimum", () => {
    const minimums = { TRC20: 10, ERC20: 0.5 };
    expect(errors({ amount: '9.99', network: 'TRC20', address: TRON_ADDRESS }, 100, minimums)).toEqual({
      amount: 'wallet.below_minimum',
    });
    expect(errors({ amount: '10', network: 'TRC20', address: TRON_ADDRESS }, 100, minimums)).toEqual({});
    expect(errors({ amount: '0.49' }, 100, minimums)).toEqual({ amount: 'wallet.below_minimum' });
    expect(errors({ amount: '0.49', network: 'BSC' }, 100, minimums)).toEqual({});
  });

  it('counts in cents', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents('1250.00')).toBe(125000);
    expect(toCents(1250)).toBe(125000);
    expect(toCents('2,05')).toBe(205);
  });
});
