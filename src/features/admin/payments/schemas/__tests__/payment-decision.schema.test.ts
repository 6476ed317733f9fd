import { t } from '@/i18n/admin';
import { MAX_AMOUNT_RECEIVED, confirmSchema, rejectSchema } from '../payment-decision.schema';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);

const confirm = (amountReceived: string, txHash = '', network = txHash ? 'ERC20' : '') =>
  issues(confirmSchema.safeParse({ amountReceived, txHash, network }));

describe('the confirm dialog checks what admin_confirm_payment checks', () => {
  it('takes no amount (the order’s amount) or a positive one with at most 2 decimals, a comma or a dot', () => {
    for (const good of ['', '  ', '1219.5', '1219,50', '0.01', '4997']) expect(confirm(good)).toEqual([]);
    for (const bad of ['0', '0,00', '-5', '1.001', '1e3', 'NaN', 'Infinity', '12 000', 'abc']) {
      expect(confirm(bad)).toEqual(['amountReceived: payments.invalid_amount']);
    }
  });

  it('takes up to 9 999 999 999,99 (numeric(12, 2)) and refuses more with its own Polish message', () => {
    expect(MAX_AMOUNT_RECEIVED).toBe(9_999_999_999.99);
    expect(confirm('9999999999.99')).toEqual([]);
    expect(confirm('9999999999,99')).toEqual([]);
    for (const tooHigh of ['10000000000', '10000000000.00', '9999999999999999.99', '123456789012345678901']) {
      expect(confirm(tooHigh)).toEqual(['amountReceived: payments.amount_too_high']);
    }
    expect(t('payments.amount_too_high')).toBe('Kwota może wynosić najwyżej 9 999 999 999,99');
  });

  it('takes an empty or 0x + 64 hex transaction hash, and requires a reason of 1–500 characters to reject', () => {
    expect(confirm('', `0x${'aB'.repeat(32)}`)).toEqual([]);
    expect(confirm('', '0x1234')).toEqual(['txHash: payments.invalid_tx_hash']);
    // TRC20 ids have no 0x; EVM ones have it: the hash of the chosen network.
    expect(confirm('', 'ab'.repeat(32), 'TRC20')).toEqual([]);
    expect(confirm('', 'ab'.repeat(32), 'ERC20')).toEqual(['txHash: payments.invalid_tx_hash']);
    expect(confirm('', `0x${'ab'.repeat(32)}`, 'TRC20')).toEqual(['txHash: payments.invalid_tx_hash']);
    // A hash needs its network: the same hash on another network is another transaction.
    expect(confirm('', `0x${'aB'.repeat(32)}`, '')).toEqual(['network: payments.network_required']);
    expect(issues(rejectSchema.safeParse({ reason: '   ' }))).toEqual(['reason: payments.reason_required']);
    expect(issues(rejectSchema.safeParse({ reason: 'x'.repeat(501) }))).toEqual(['reason: payments.reason_required']);
    expect(issues(rejectSchema.safeParse({ reason: 'Brak wpłaty' }))).toEqual([]);
  });
});
