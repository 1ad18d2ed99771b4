// Guard against server-side request forgery, for every request the server makes to an address it
// was given (a webhook, the language model, TMDB): the server must not be turned into a client for
// its own network (metadata service, database, admin consoles). The address is checked where the
// connection is made, on every connection: a name that resolved to a public address when saved may
// resolve to 127.0.0.1 later (DNS rebinding), and a redirect may point anywhere.
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** dns.lookup's shape, replaceable in tests by a resolver that answers what an attacker would. */
export type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

export const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/** Which resolved or literal addresses the server may connect to. */
export type AddressPolicy = (address: string) => boolean;

/**
 * Only ordinary public unicast addresses are allowed. Everything ipaddr.js classifies otherwise is
 * refused: loopback, private, carrier-grade NAT, link-local (cloud metadata), unspecified (0.0.0.0/8),
 * unique-local and link-local IPv6, multicast, broadcast, reserved, and IPv6 forms that embed an IPv4
 * address (IPv4-mapped are unwrapped first; IPv4-compatible, NAT64, 6to4 and Teredo are refused).
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return true;
  // '::7f00:1', the deprecated IPv4-compatible form, is 'unicast' to ipaddr.js: refuse ::/96 whole.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.IPv6.parse('::'), 96)) return true;
  return false;
}

export const publicAddressesOnly: AddressPolicy = (address) => !isForbiddenAddress(address);
export const anyAddress: AddressPolicy = () => true;

export type OutboundErrorCode = 'invalid_url' | 'protocol' | 'credentials' | 'forbidden_address' | 'too_many_redirects' | 'response_too_large';

/**
 * The outbound client refused a request or cut its answer. Its message names the address or the
 * limit, never the URL's path or query (which may carry an API key).
 */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    /** The refused address, for forbidden_address. */
    readonly address?: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export const outboundErrors = {
  invalidUrl: () => new OutboundError('invalid_url', 'Endereço inválido.'),
  protocol: () => new OutboundError('protocol', 'O endereço deve começar com http:// ou https://.'),
  credentials: () => new OutboundError('credentials', 'O endereço não pode conter usuário ou senha.'),
  forbiddenAddress: (address: string) =>
    new OutboundError('forbidden_address', `O endereço ${address} é local, privado ou reservado: o servidor só se conecta a endereços públicos.`, address),
  tooManyRedirects: (limit: number) => new OutboundError('too_many_redirects', `Mais de ${limit} redirecionamentos: a chamada foi interrompida.`),
  responseTooLarge: (limit: number) => new OutboundError('response_too_large', `A resposta passou de ${limit} bytes e foi cortada.`),
};

/**
 * Checks what can be checked without resolving: http(s) only, no credentials, and an address
 * written as a number must pass the policy (Node connects to a literal address without calling
 * `lookup`). The WHATWG URL parser has already normalised odd IPv4 spellings (127.1, 2130706433,
 * 0x7f.1, 0177.0.0.1) to dotted form, and IPv6 to its compressed form.
 */
export function checkOutboundUrl(raw: string | URL, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(typeof raw === 'string' ? raw.trim() : raw.href);
  } catch {
    throw outboundErrors.invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw outboundErrors.protocol();
  if (url.username || url.password) throw outboundErrors.credentials();
  if (!url.hostname) throw outboundErrors.invalidUrl();
  const literal = literalAddress(url);
  if (literal && !policy(literal)) throw outboundErrors.forbiddenAddress(literal);
  // 'localhost' and its subdomains are loopback by definition (RFC 6761), whatever a resolver says.
  if (/(^|\.)localhost\.?$/i.test(url.hostname) && !policy('127.0.0.1')) throw outboundErrors.forbiddenAddress(url.hostname);
  return url;
}

/** The IP address a URL names directly, if it names one ('[::1]' → '::1'). */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : undefined;
}

/**
 * The `lookup` given to the HTTP client: Node calls it when it opens the connection, and connects
 * only to the addresses it returns. Every resolved address must pass the policy (one bad address
 * among good ones is refused too, so the choice of address cannot be steered).
 */
export function guardedLookup({ policy, resolve = systemResolver }: { policy: AddressPolicy; resolve?: Resolver }): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const refused = addresses.find((entry) => !policy(entry.address));
      if (refused || addresses.length === 0) {
        callback(refused ? outboundErrors.forbiddenAddress(refused.address) : outboundErrors.invalidUrl(), '', 4);
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
