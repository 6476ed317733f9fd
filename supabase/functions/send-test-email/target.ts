// Where the SMTP test may connect: it must never become a tool to probe other services (SSRF). The
// host is resolved once here and the connection goes to the checked address (no second lookup that
// could answer differently). Rules:
//   - the host is a DNS name or an IPv4 address (the same rule as public.smtp_configs.host);
//   - public addresses: only the SMTP ports (25, 465, 587, 2525 unless SMTP_ALLOWED_PORTS says
//     otherwise);
//   - loopback, private, link-local, shared, multicast and reserved addresses: refused, unless
//     SMTP_ALLOW_PRIVATE_HOSTS=true (local stacks, whose mail catcher listens on 127.0.0.1 on a port
//     that moves with STACK_SMTP_PORT); then on any port.
import { lookup } from 'node:dns/promises';

export const DEFAULT_ALLOWED_PORTS = [25, 465, 587, 2525] as const;

export interface TargetPolicy {
  allowedPorts: readonly number[];
  allowPrivateHosts: boolean;
  /** Every address the host resolves to (IPv4 and IPv6). */
  resolve?: (host: string) => Promise<string[]>;
}

export type TargetCheck =
  | { ok: true; address: string }
  | { ok: false; code: 'port_not_allowed'; allowedPorts: readonly number[] }
  | { ok: false; code: 'host_not_allowed' }
  | { ok: false; code: 'host_not_found' };

const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;

export function isValidHost(host: string): boolean {
  return host.length <= 253 && HOST.test(host);
}

async function systemResolve(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

function ipv4Parts(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const numbers = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return numbers.every((n) => n >= 0 && n <= 255) ? numbers : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // shared address space (CGNAT)
    (a === 169 && b === 254) || // link-local (cloud metadata services)
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments, documentation
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  );
}

/** True for addresses that are not on the public internet (IPv4 or IPv6). */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Parts(address);
  if (v4) return isPrivateIpv4(v4);
  const v6 = address.toLowerCase();
  if (v6 === '::' || v6 === '::1') return true;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v6);
  if (mapped) return isPrivateAddress(mapped[1]!);
  // Unique local (fc00::/7), link-local (fe80::/10), multicast (ff00::/8), NAT64 and documentation prefixes.
  return /^(f[cd]|fe[89ab]|ff)/.test(v6) || v6.startsWith('64:ff9b:') || v6.startsWith('2001:db8:');
}

/** Checks host and port against the policy and returns the address to connect to. */
export async function checkTarget(host: string, port: number, policy: TargetPolicy): Promise<TargetCheck> {
  let addresses: string[];
  try {
    addresses = ipv4Parts(host) ? [host] : await (policy.resolve ?? systemResolve)(host);
  } catch {
    return { ok: false, code: 'host_not_found' };
  }
  if (addresses.length === 0) return { ok: false, code: 'host_not_found' };
  const isPrivate = addresses.some(isPrivateAddress);
  if (isPrivate && !policy.allowPrivateHosts) return { ok: false, code: 'host_not_allowed' };
  if (!isPrivate && !policy.allowedPorts.includes(port)) {
    return { ok: false, code: 'port_not_allowed', allowedPorts: policy.allowedPorts };
  }
  // IPv4 first: hosted functions and most mail servers reach each other over IPv4.
  const address = addresses.find((candidate) => ipv4Parts(candidate)) ?? addresses[0]!;
  return { ok: true, address };
}
