// The renewal charge as the PIX dialog shows it: the amount and the code come in the answer; to whom, the
// city and (for the shop's static code) the key are read from the BR Code itself, where the Banco
// Central's format keeps them.
import type { RenewalCharge } from '@vitrine/domain/customers';
import { parseBrCode } from '@vitrine/domain/pix';

/** The shape of the chat's PIX dialog (features/chat/components/pix-dialog.tsx), which the route hands this page. */
export interface RenewalPix {
  title: string;
  brCode: string;
  /** Empty for a PSP's charge, whose code carries its address instead of the key. */
  key: string;
  recipient: string;
  city: string;
  value: number | null;
  description: string;
}

/** The fields of an EMV template (ID, two-digit length, value), as far as they can be read. */
function templateFields(value: string): Map<string, string> {
  const fields = new Map<string, string>();
  let index = 0;
  while (index + 4 <= value.length) {
    const id = value.slice(index, index + 2);
    const length = Number(value.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || index + 4 + length > value.length) break;
    fields.set(id, value.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  return fields;
}

// The merchant account (26) holds the key in 01 (a static code); 59 is the recipient's name, 60 its city.
export function renewalPix(charge: RenewalCharge): RenewalPix {
  const parsed = parseBrCode(charge.brCode);
  const fields = parsed.ok ? parsed.fields : new Map<string, string>();
  const account = templateFields(fields.get('26') ?? '');
  return {
    title: charge.title,
    brCode: charge.brCode,
    key: account.get('01') ?? '',
    recipient: fields.get('59') ?? '',
    city: fields.get('60') ?? '',
    value: charge.amount,
    description: '',
  };
}
