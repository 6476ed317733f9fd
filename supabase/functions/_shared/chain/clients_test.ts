import assert from 'node:assert/strict';
import { testChain } from '../testing/chain.ts';
import { chainClientsFromEnv, finalityFrom, verifyResultToJson } from './clients.ts';
import { parseUnits } from './networks.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];

Deno.test('clients come from the secrets; a network without a provider URL has none', () => {
  assert.deepEqual(Object.keys(chainClientsFromEnv(env({}))), ['TRC20']);
  assert.deepEqual(
    Object.keys(chainClientsFromEnv(env({ ERC20_RPC_URL: 'https://eth.example', BSC_RPC_URL: 'https://bsc.example' }))),
    ['TRC20', 'ERC20', 'BSC'],
  );
  assert.deepEqual(finalityFrom(undefined, 'TRC20'), { kind: 'solidified' });
  assert.deepEqual(finalityFrom('', 'ERC20'), { kind: 'finalized' });
  assert.deepEqual(finalityFrom('15', 'BSC'), { kind: 'depth', confirmations: 15 });
  assert.throws(() => finalityFrom('1.5', 'BSC'), /BSC_FINALITY_DEPTH/);
});

Deno.test(
  'the local stack’s provider URLs reach the emulator; a depth secret applies; verdicts serialise',
  async () => {
    const chain = testChain();
    const clients = chainClientsFromEnv(
      env({ TRONGRID_URL: 'http://chain.test/tron', BSC_RPC_URL: 'http://chain.test/bsc', BSC_FINALITY_DEPTH: '5' }),
      chain.options,
    );
    const sent = await chain.send('BSC', {
      from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      amount: '49.5',
    });
    await chain.mine('BSC', 3);
    const expected = {
      network: 'BSC' as const,
      hash: sent.hash,
      to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      amount: parseUnits('49.57', 18),
    };
    const result = await clients.BSC!.verify(expected);
    const json = verifyResultToJson(result, 'BSC');
    assert.equal(json.status, 'short_amount');
    assert.equal(json.expected, '49.57');
    assert.deepEqual(
      {
        amount: (json.transfer as Record<string, unknown>).amount,
        units: (json.transfer as Record<string, unknown>).units,
      },
      { amount: '49.50', units: '49500000000000000000' },
    );
    const enough = await clients.BSC!.verify({ ...expected, amount: parseUnits('49.5', 18) });
    assert.deepEqual(enough.status === 'not_final' && [enough.confirmations, enough.required], [4, 5]);
    assert.doesNotThrow(() => JSON.stringify(verifyResultToJson(enough, 'BSC')));
  },
);
