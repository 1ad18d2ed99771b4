// The shop's PIX: the admin's 'pix_key' setting (or PIX_KEY), with the recipient's name and city the
// BR Code needs. Without a usable key there is no PIX anywhere: the assistant and the PIX shortcuts say
// that payment is not configured yet instead of showing a code (decisions: "A shop, not a demo").
import { normalizePixKey } from '@vitrine/domain/pix';
import type { Settings } from './settings.ts';

export interface ShopPix {
  key: string;
  recipient: string;
  city: string;
}

/** The BR Code needs a name and a city; banks show the key owner's registered name anyway. */
export const PIX_DEFAULT_RECIPIENT = 'Vitrine';
export const PIX_DEFAULT_CITY = 'Sao Paulo';

export async function resolveShopPix(settings: Pick<Settings, 'get'>): Promise<ShopPix | null> {
  const [key, recipient, city] = await Promise.all([settings.get('pix_key'), settings.get('pix_recipient'), settings.get('pix_city')]);
  // PIX_KEY is not checked at boot with the key rules; an unusable one counts as no key.
  const normalized = key ? normalizePixKey(key) : null;
  if (!normalized) return null;
  return { key: normalized.key, recipient: recipient ?? PIX_DEFAULT_RECIPIENT, city: city ?? PIX_DEFAULT_CITY };
}
