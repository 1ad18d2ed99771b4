// Which webhook URLs are accepted. The guard itself (the address checked where the connection is
// made, on every connection, so DNS rebinding cannot get around it) is the outbound client's, in
// shared/outbound-address.ts: webhooks, the language model and TMDB all go through it. Here the
// same checks are made when a URL is saved or queued, with the webhook's own messages.
import { anyAddress, checkOutboundUrl, OutboundError, publicAddressesOnly } from '../../shared/outbound-address.ts';
import { webhookErrors } from './webhooks.errors.ts';

export { isForbiddenAddress, type Resolver } from '../../shared/outbound-address.ts';

/**
 * Checks what can be checked without resolving: http(s) only, no credentials, and an address
 * written as a number must be public. The URL parser has already normalised odd IPv4 spellings
 * (127.1, 2130706433, 0x7f.1) to dotted form.
 */
export function checkWebhookUrl(raw: string, { allowPrivate }: { allowPrivate: boolean }): URL {
  try {
    return checkOutboundUrl(raw, allowPrivate ? anyAddress : publicAddressesOnly);
  } catch (error) {
    throw error instanceof OutboundError ? asWebhookError(error) : error;
  }
}

/** The outbound client's refusal, in the webhook's words. */
export function asWebhookError(error: OutboundError) {
  switch (error.code) {
    case 'protocol':
      return webhookErrors.protocol();
    case 'credentials':
      return webhookErrors.credentials();
    case 'forbidden_address':
      return webhookErrors.forbiddenAddress(error.address ?? '');
    default:
      return webhookErrors.invalidUrl();
  }
}
