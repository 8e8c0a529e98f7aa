import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ValidationFailed } from '../../domain/errors.js';

/**
 * The SSRF defence of outgoing webhooks (SECURITY.md; docs/decisions.md "Webhooks"): an endpoint
 * URL is `https` without credentials, and its host neither names nor resolves to a private,
 * loopback, link-local (the cloud metadata service among them), shared, multicast or reserved
 * address. The check runs when the URL is saved and again on every attempt, on the very address
 * the connection uses (a `lookup` that refuses, so a DNS answer that changed in between cannot
 * slip through). `allowPrivateUrls` (WEBHOOK_ALLOW_PRIVATE_URLS, development and tests) lifts both.
 */

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is one a webhook may not reach. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
    // ::ffff:7f00:1 and other hex spellings of an IPv4-mapped address.
    if (/^::ffff:/i.test(address)) return true;
    return BLOCKED.check(address, 'ipv6');
  }
  return BLOCKED.check(address, 'ipv4');
}

const refuse = (message: string) => new ValidationFailed(message, [{ field: 'url', message }]);

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/**
 * Checks an endpoint URL before it is saved; answers it normalised. 400 naming `url` when it is not
 * an absolute https URL, carries credentials, or its host names or resolves to a refused address
 * (or does not resolve at all).
 */
export async function checkWebhookUrl(text: string, allowPrivateUrls: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw refuse('Enter an absolute URL, such as https://example.com/hooks');
  }
  const httpAllowed = allowPrivateUrls && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) throw refuse('The URL must start with https://');
  if (url.username || url.password) throw refuse('The URL must not carry a user name or password');
  if (url.hash) throw refuse('The URL must not carry a fragment (#…)');
  if (allowPrivateUrls) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isBlockedAddress(host)) throw refuse('The URL must not point to a private or local address');
    return url.toString();
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw refuse(`The host ${host} could not be found`);
  }
  if (addresses.length === 0 || addresses.some((entry) => isBlockedAddress(entry.address))) {
    throw refuse('The URL must not point to a private or local address');
  }
  return url.toString();
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that resolves the host and refuses a blocked address, so the check
 * holds for the address actually connected to (no DNS rebinding between check and connection).
 */
export function guardedLookup(allowPrivateUrls: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const allowed = allowPrivateUrls ? addresses : addresses.filter((a) => !isBlockedAddress(a.address));
      if (allowed.length === 0 || allowed.length !== addresses.length) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private or local address`), {
          code: 'EWEBHOOKBLOCKED',
        });
        return callback(refused, '', 4);
      }
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
