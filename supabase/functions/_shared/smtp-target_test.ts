// The one SMTP target policy (issue 21): the SMTP test and the send-email hook check every target
// with it. Addresses are parsed by ipaddr.js in their canonical forms only.
import assert from 'node:assert/strict';
import { checkTarget, isPrivateAddress, type TargetPolicy } from './smtp-target.ts';

const hosted: TargetPolicy = { allowedPorts: [25, 465, 587, 2525], allowPrivateHosts: false };
const resolvingTo = (...addresses: string[]): TargetPolicy => ({
  ...hosted,
  resolve: () => Promise.resolve(addresses),
});

Deno.test('a zero-padded or otherwise non-canonical IPv4 host is refused, never read as another address', async () => {
  for (const host of ['012.0.0.5', '10.0.0.05', '0x0a.0.0.5', '167772165', '10.5', '1.2.3.4.5']) {
    const result = await checkTarget(host, 587, hosted);
    assert.equal(result.ok, false, host);
  }
});

Deno.test('a name resolving to a non-canonical or private address is refused', async () => {
  assert.equal((await checkTarget('smtp.example.com', 587, resolvingTo('012.0.0.5'))).ok, false);
  assert.equal((await checkTarget('smtp.example.com', 587, resolvingTo('93.184.215.14', '10.0.0.5'))).ok, false);
});

Deno.test(
  'private, loopback, link-local, CGNAT, documentation, 6to4, Teredo and NAT64 addresses are not public',
  () => {
    for (const address of [
      '0.0.0.0',
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '192.0.2.10',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:93.184.215.14',
      '2002:0a00:0005::1',
      '2001:0000:4136:e378:8000:63bf:3fff:fdd2',
      '64:ff9b::0a00:0005',
      '2001:db8::1',
    ]) {
      assert.equal(isPrivateAddress(address), true, address);
    }
    for (const address of ['93.184.215.14', '172.32.0.1', '8.8.8.8', '2a00:1450:4001:829::200e']) {
      assert.equal(isPrivateAddress(address), false, address);
    }
  },
);

Deno.test('public hosts: SMTP ports only; the checked address is the one to connect to', async () => {
  assert.deepEqual(await checkTarget('93.184.215.14', 587, hosted), {
    ok: true,
    address: '93.184.215.14',
    plaintextAllowed: false,
  });
  assert.equal((await checkTarget('93.184.215.14', 22, hosted)).ok, false);
  assert.deepEqual(
    await checkTarget('smtp.example.com', 465, resolvingTo('2a00:1450:4001:829::200e', '93.184.215.14')),
    {
      ok: true,
      address: '93.184.215.14',
      plaintextAllowed: false,
    },
  );
});

Deno.test('the local stack (SMTP_ALLOW_PRIVATE_HOSTS) reaches its mail catcher on any port', async () => {
  const local: TargetPolicy = { ...hosted, allowPrivateHosts: true };
  assert.deepEqual(await checkTarget('127.0.0.1', 54325, local), {
    ok: true,
    address: '127.0.0.1',
    plaintextAllowed: true,
  });
  // A private address that is not the stack's own loopback still needs TLS.
  assert.deepEqual(await checkTarget('10.0.0.5', 587, local), {
    ok: true,
    address: '10.0.0.5',
    plaintextAllowed: false,
  });
  assert.equal((await checkTarget('012.0.0.5', 587, local)).ok, false);
});
