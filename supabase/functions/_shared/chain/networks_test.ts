import assert from 'node:assert/strict';
import { bytesToHex, keccak256, sha256 } from './encoding.ts';
import {
  formatUnits,
  isValidAddress,
  isValidTxHash,
  NETWORK_DEFINITIONS,
  normalizeAddress,
  normalizeTxHash,
  parseUnits,
  sameAddress,
  toChecksumAddress,
  TRANSFER_TOPIC,
  tronAddressToHex,
  tronHexToAddress,
} from './networks.ts';

Deno.test('sha256 and keccak256 match the published test vectors', () => {
  assert.deepEqual(bytesToHex(sha256('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.deepEqual(
    bytesToHex(sha256('a'.repeat(1000))),
    '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3',
  );
  assert.deepEqual(bytesToHex(keccak256('')), 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  assert.deepEqual(TRANSFER_TOPIC, 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
});

Deno.test('EVM addresses: 0x + 40 hex, EIP-55 checksum enforced on mixed case', () => {
  for (const address of [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ]) {
    assert.deepEqual(toChecksumAddress(address.toLowerCase()), address);
    assert.ok(isValidAddress('ERC20', address));
  }
  assert.deepEqual(
    toChecksumAddress(NETWORK_DEFINITIONS.ERC20.usdtContract.toLowerCase()),
    NETWORK_DEFINITIONS.ERC20.usdtContract,
  );
  assert.deepEqual(
    toChecksumAddress(NETWORK_DEFINITIONS.BSC.usdtContract.toLowerCase()),
    NETWORK_DEFINITIONS.BSC.usdtContract,
  );
  assert.ok(isValidAddress('BSC', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'));
  assert.ok(isValidAddress('BSC', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'));
  assert.ok(!isValidAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'), 'one letter of the checksum wrong');
  assert.ok(!isValidAddress('ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae'), '39 hex digits');
  assert.ok(!isValidAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'));
  assert.ok(
    sameAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'),
  );
  assert.deepEqual(
    normalizeAddress('BSC', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'),
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  );
});

Deno.test('TRON addresses: base58check T…, 0x41 + 20 bytes, checksum enforced', () => {
  const usdt = NETWORK_DEFINITIONS.TRC20.usdtContract;
  assert.ok(isValidAddress('TRC20', usdt));
  assert.deepEqual(tronAddressToHex(usdt), '41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
  assert.deepEqual(tronHexToAddress('a614f803b6fd780986a42c78ec9c7f77e6ded13c'), usdt);
  assert.deepEqual(tronHexToAddress('0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c'), usdt);
  assert.ok(!isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'), 'checksum broken by the last character');
  assert.ok(!isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'), 'one character short');
  assert.ok(!isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'), '0 is not base58');
  assert.ok(!isValidAddress('TRC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7'));
  assert.throws(() => tronAddressToHex('Tnotanaddress'));
});

Deno.test('transaction hashes: 0x + 64 hex on EVM chains, 64 hex without a prefix on TRON', () => {
  const hex = 'AB'.repeat(32);
  assert.ok(isValidTxHash('TRC20', hex));
  assert.ok(!isValidTxHash('TRC20', `0x${hex}`));
  assert.ok(isValidTxHash('ERC20', `0x${hex}`));
  assert.ok(!isValidTxHash('BSC', hex));
  assert.ok(!isValidTxHash('ERC20', `0x${hex}0`));
  assert.deepEqual(normalizeTxHash('TRC20', ` ${hex} `), 'ab'.repeat(32));
  assert.deepEqual(normalizeTxHash('BSC', `0x${hex}`), `0x${'ab'.repeat(32)}`);
  assert.throws(() => normalizeTxHash('ERC20', hex));
});

Deno.test('amounts scale exactly by each network’s decimals', () => {
  assert.deepEqual(NETWORK_DEFINITIONS.TRC20.decimals, 6);
  assert.deepEqual(NETWORK_DEFINITIONS.ERC20.decimals, 6);
  assert.deepEqual(NETWORK_DEFINITIONS.BSC.decimals, 18);
  assert.deepEqual(parseUnits('49.99', 6), 49_990_000n);
  assert.deepEqual(parseUnits('0.1', 18), 100_000_000_000_000_000n);
  // 0.1 + 0.2 in floats is 0.30000000000000004; in units it is exact.
  assert.deepEqual(parseUnits('0.1', 18) + parseUnits('0.2', 18), parseUnits('0.3', 18));
  assert.deepEqual(parseUnits('123456789.123456789012345678', 18), 123456789123456789012345678n);
  assert.deepEqual(parseUnits('7', 6), 7_000_000n);
  assert.throws(() => parseUnits('1.0000001', 6), /more than 6 decimal places/);
  assert.throws(() => parseUnits('-1', 6));
  assert.throws(() => parseUnits('1e3', 6));
  assert.deepEqual(formatUnits(49_990_000n, 6), '49.99');
  assert.deepEqual(formatUnits(7_000_000n, 6), '7.00');
  assert.deepEqual(formatUnits(1n, 18), '0.000000000000000001');
  assert.deepEqual(formatUnits(parseUnits('100.57', 18), 18), '100.57');
});
