import { createCompleteSchema } from '../withdrawal-decision.schema';

const issues = (network: 'TRC20' | 'ERC20' | 'BSC', txHash: string) => {
  const result = createCompleteSchema(network).safeParse({ txHash });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('completing a withdrawal takes the hash of its network', () => {
  it('TRC20: 64 hex without 0x', () => {
    expect(issues('TRC20', 'Ab'.repeat(32))).toEqual([]);
    expect(issues('TRC20', ` ${'ab'.repeat(32)} `)).toEqual([]);
    expect(issues('TRC20', `0x${'ab'.repeat(32)}`)).toEqual(['wallet.invalid_tx_hash']);
  });

  it('ERC20 and BSC: 0x + 64 hex', () => {
    expect(issues('ERC20', `0x${'ab'.repeat(32)}`)).toEqual([]);
    expect(issues('BSC', 'ab'.repeat(32))).toEqual(['wallet.invalid_tx_hash']);
    expect(issues('BSC', `0x${'ab'.repeat(31)}`)).toEqual(['wallet.invalid_tx_hash']);
  });
});
