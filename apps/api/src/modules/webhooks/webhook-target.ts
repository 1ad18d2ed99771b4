// Guard against server-side request forgery: a webhook URL is typed by an administrator, so the
// server must not be turned into a client for its own network (metadata service, database,
// admin consoles). The address is checked where the connection is made, on every connection:
// a name that resolved to a public address when saved may resolve to 127.0.0.1 later (DNS
// rebinding), and a redirect could point anywhere, so redirects are never followed.
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookErrors } from './webhooks.errors.ts';

/** dns.lookup's shape, replaceable in tests by a resolver that answers what an attacker would. */
export type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * Only ordinary public unicast addresses are allowed. Everything ipaddr.js classifies otherwise is
 * refused: loopback, private, carrier-grade NAT, link-local (cloud metadata), unspecified (0.0.0.0/8),
 * unique-local and link-local IPv6, multicast, reserved, and IPv6 forms that embed an IPv4 address
 * (IPv4-mapped are unwrapped first, NAT64, 6to4 and Teredo are refused).
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  return ipaddr.process(address).range() !== 'unicast';
}

/**
 * Checks what can be checked without resolving: http(s) only, no credentials, and an address
 * written as a number must be public. The URL parser has already normalised odd IPv4 spellings
 * (127.1, 2130706433, 0x7f.1) to dotted form.
 */
export function checkWebhookUrl(raw: string, { allowPrivate }: { allowPrivate: boolean }): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw webhookErrors.invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw webhookErrors.protocol();
  if (url.username || url.password) throw webhookErrors.credentials();
  if (!url.hostname) throw webhookErrors.invalidUrl();
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivate && net.isIP(literal) && isForbiddenAddress(literal)) throw webhookErrors.forbiddenAddress(literal);
  return url;
}

/**
 * The `lookup` given to the HTTP client: Node calls it when it opens the connection, and connects
 * only to the addresses it returns. Every resolved address must be public (one bad address among
 * good ones is refused too, so the choice of address cannot be steered).
 */
export function guardedLookup({ allowPrivate, resolve = systemResolver }: { allowPrivate: boolean; resolve?: Resolver }): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const refused = allowPrivate ? undefined : addresses.find((entry) => isForbiddenAddress(entry.address));
      if (refused || addresses.length === 0) {
        callback(refused ? webhookErrors.forbiddenAddress(refused.address) : webhookErrors.invalidUrl(), '', 4);
        return;
      }
      if (options.all) {
        (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, addresses[0]!.address, addresses[0]!.family);
      }
    });
  };
}
