// Where an SMTP connection may go: the one target policy of the SMTP test (send-test-email) and of
// every auth e-mail (send-email), so neither becomes a tool to probe other services (SSRF). The host
// is resolved once here and the connection goes to the checked address (no second lookup that could
// answer differently). Rules:
//   - the host is a DNS name or an IPv4 address in its canonical dotted-decimal form (no leading
//     zeros, hex, octal or short forms: '012.0.0.5' is refused, never read as 12.0.0.5 here and as
//     10.0.0.5 by a resolver); addresses are parsed by ipaddr.js;
//   - every resolved address must be public unicast (ipaddr.js's 'unicast' range): loopback,
//     private, link-local, CGNAT, multicast, reserved and documentation ranges, IPv4-mapped, 6to4,
//     Teredo and NAT64 addresses are refused, unless SMTP_ALLOW_PRIVATE_HOSTS=true (local stacks,
//     whose mail catcher listens on 127.0.0.1 on a port that moves with STACK_SMTP_PORT);
//   - public addresses: only the SMTP ports (25, 465, 587, 2525 unless SMTP_ALLOWED_PORTS says
//     otherwise); private ones (local stacks only) on any port.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export const DEFAULT_ALLOWED_PORTS = [25, 465, 587, 2525] as const;

export interface TargetPolicy {
  allowedPorts: readonly number[];
  allowPrivateHosts: boolean;
  /** Every address the host resolves to (IPv4 and IPv6). */
  resolve?: (host: string) => Promise<string[]>;
}

export type TargetCheck =
  | {
      ok: true;
      address: string;
      /** Only a loopback target of a stack that allows private hosts (its mail catcher) may go without TLS. */
      plaintextAllowed: boolean;
    }
  | { ok: false; code: 'port_not_allowed'; allowedPorts: readonly number[] }
  | { ok: false; code: 'host_not_allowed' }
  | { ok: false; code: 'host_not_found' };

/** The policy's settings: SMTP_ALLOWED_PORTS (comma-separated) and SMTP_ALLOW_PRIVATE_HOSTS ("true"). */
export function smtpPolicyFromEnv(read: (name: string) => string): {
  allowedPorts: number[];
  allowPrivateHosts: boolean;
  problems: string[];
} {
  const problems: string[] = [];
  let allowedPorts: number[] = [...DEFAULT_ALLOWED_PORTS];
  const portsText = read('SMTP_ALLOWED_PORTS');
  if (portsText) {
    const ports = portsText
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (ports.every((port) => Number.isInteger(port) && port >= 1 && port <= 65535)) allowedPorts = ports;
    else problems.push(`SMTP_ALLOWED_PORTS is not a list of ports: ${portsText}`);
  }
  return { allowedPorts, allowPrivateHosts: read('SMTP_ALLOW_PRIVATE_HOSTS').toLowerCase() === 'true', problems };
}

const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;
/** What a resolver or a socket might read as an IPv4 address: digits and dots, or hex parts. */
const IPV4_LIKE = /^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+))*\.?$/i;

export function isValidHost(host: string): boolean {
  return host.length <= 253 && HOST.test(host);
}

async function systemResolve(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

/** The address in canonical form, or null: four-part decimal IPv4, or any valid IPv6. */
function canonical(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  if (address.includes(':') && ipaddr.IPv6.isValid(address)) return ipaddr.IPv6.parse(address);
  return null;
}

/** True for addresses that are not public unicast on the internet (and for anything unparsable). */
export function isPrivateAddress(address: string): boolean {
  const parsed = canonical(address);
  return parsed === null || parsed.range() !== 'unicast';
}

/** Checks host and port against the policy and returns the address to connect to. */
export async function checkTarget(host: string, port: number, policy: TargetPolicy): Promise<TargetCheck> {
  if (!isValidHost(host) && !ipaddr.IPv6.isValid(host)) return { ok: false, code: 'host_not_allowed' };
  const literal = canonical(host);
  // Looks like an IPv4 address but is not a canonical one: never resolved, never connected to.
  if (!literal && IPV4_LIKE.test(host)) return { ok: false, code: 'host_not_allowed' };
  let addresses: string[];
  try {
    addresses = literal ? [host] : await (policy.resolve ?? systemResolve)(host);
  } catch {
    return { ok: false, code: 'host_not_found' };
  }
  if (addresses.length === 0) return { ok: false, code: 'host_not_found' };
  if (addresses.some((address) => canonical(address) === null)) return { ok: false, code: 'host_not_allowed' };
  const isPrivate = addresses.some(isPrivateAddress);
  if (isPrivate && !policy.allowPrivateHosts) return { ok: false, code: 'host_not_allowed' };
  if (!isPrivate && !policy.allowedPorts.includes(port)) {
    return { ok: false, code: 'port_not_allowed', allowedPorts: policy.allowedPorts };
  }
  // IPv4 first: hosted functions and most mail servers reach each other over IPv4.
  const address = addresses.find((candidate) => ipaddr.IPv4.isValidFourPartDecimal(candidate)) ?? addresses[0]!;
  const plaintextAllowed = policy.allowPrivateHosts && canonical(address)?.range() === 'loopback';
  return { ok: true, address, plaintextAllowed };
}
