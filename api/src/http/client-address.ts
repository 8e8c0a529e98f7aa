import { BlockList, isIP } from 'node:net';
import type { Request } from '@hapi/hapi';
import type { Config, TrustProxy } from '../config.js';

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as its IPv4 form; anything else unchanged. */
function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * One `X-Forwarded-For` entry as a bare IP address, or null when it is not one. Some proxies add a
 * port (`203.0.113.9:4711`, `[2001:db8::1]:443`); it is dropped.
 */
function parseEntry(entry: string): string | null {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  return isIP(value) ? normalize(value) : null;
}

const matchers = new WeakMap<object, BlockList>();

function proxyList(trust: Extract<TrustProxy, { kind: 'addresses' }>): BlockList {
  let list = matchers.get(trust);
  if (!list) {
    list = new BlockList();
    for (const entry of trust.addresses) {
      const [address, prefix] = entry.split('/') as [string, string | undefined];
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(normalize(address), type);
      else list.addSubnet(address, Number(prefix), type);
    }
    matchers.set(trust, list);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The address of the client a request came from. `X-Forwarded-For` is read only when TRUST_PROXY
 * says which proxies may set it; otherwise (the default) it is ignored, since any client can send one.
 *
 * - `hops: n`: n proxies always sit in front; the chain is the header's entries followed by the
 *   socket's address, and the client is the entry n places from the right (the one the outermost
 *   trusted proxy appended). A shorter chain yields its leftmost entry.
 * - `addresses`: walking from the socket's address leftwards, the first address that is not a
 *   trusted proxy is the client.
 *
 * A malformed entry ends the walk: the nearest well-formed address to its right stands for the client.
 */
export function resolveClientAddress(
  remoteAddress: string,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
): string {
  const socket = normalize(remoteAddress);
  if (trust.kind === 'none' || !forwardedFor) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const forwarded = header.split(',').filter((entry) => entry.trim() !== '');
  if (trust.kind === 'hops') {
    let client = socket;
    for (let hop = 0; hop < trust.hops; hop++) {
      const entry = forwarded[forwarded.length - 1 - hop];
      if (entry === undefined) break;
      const address = parseEntry(entry);
      if (!address) break;
      client = address;
    }
    return client;
  }
  const list = proxyList(trust);
  let client = socket;
  for (let index = forwarded.length - 1; index >= 0 && isTrusted(list, client); index--) {
    const address = parseEntry(forwarded[index]!);
    if (!address) break;
    client = address;
  }
  return client;
}

/** {@link resolveClientAddress} of a Hapi request under the server's TRUST_PROXY. */
export function clientAddress(request: Request, config: Pick<Config, 'trustProxy'>): string {
  return resolveClientAddress(
    request.info.remoteAddress,
    request.headers['x-forwarded-for'] as string | undefined,
    config.trustProxy,
  );
}
