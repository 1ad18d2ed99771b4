// Static PIX BR Code ("copia e cola"): the EMV merchant-presented QR payload of the Banco Central do
// Brasil. Fields are ID + two-digit length + value; lengths count bytes, so only ASCII goes in. The
// last field is the CRC-16/CCITT-FALSE of everything before it, '6304' included.
import { roundMoney } from './money.ts';

export const PIX_GUI = 'br.gov.bcb.pix';
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
export const PIX_TXID_MAX = 25;
/** '***' is the txid of a static code that does not identify its payment. */
export const PIX_NO_TXID = '***';

export const PIX_KEY_TYPES = ['email', 'phone', 'cpf', 'cnpj', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  email: 'E-mail',
  phone: 'Telefone',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  random: 'Chave aleatória',
};

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let index = 0; index < payload.length; index++) {
    crc ^= payload.charCodeAt(index) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export class PixError extends Error {}

const isAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

function field(id: string, value: string): string {
  if (!isAscii(value)) throw new PixError(`Campo ${id} do PIX com caractere fora do ASCII`);
  if (value.length === 0 || value.length > 99) throw new PixError(`Campo ${id} do PIX com tamanho inválido (${value.length})`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface BrCodeFields {
  key: string;
  /** Already in BR Code form: ASCII, at most 25 characters. */
  name: string;
  /** Already in BR Code form: ASCII, at most 15 characters. */
  city: string;
  /** Dot decimal with two places ('10.00'); omitted when the payer types the amount. */
  amount?: string;
  description?: string;
  txid?: string;
}

/** Encodes fields that are already in BR Code form, without changing them. */
export function encodeBrCode({ key, name, city, amount, description, txid }: BrCodeFields): string {
  if (name.length > PIX_NAME_MAX) throw new PixError('Nome do recebedor com mais de 25 caracteres');
  if (city.length > PIX_CITY_MAX) throw new PixError('Cidade com mais de 15 caracteres');
  const account = field('00', PIX_GUI) + field('01', key) + (description ? field('02', description) : '');
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (amount ? field('54', amount) : '') +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', txid || PIX_NO_TXID)) +
    '6304';
  return body + crc16(body);
}

/** Printable ASCII: accents dropped ('São' → 'Sao'), other characters removed, single spaces. */
function asciiText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Upper-case ASCII without accents, single spaces, cut to `max` characters. */
export function pixText(value: string, max: number): string {
  return asciiText(value)
    .toUpperCase()
    .replace(/[^A-Z0-9 .,\-/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** A txid: letters and digits only, at most 25 ('***' when nothing is left). */
export function pixTxid(value: string): string {
  const txid = value.replace(/[^A-Za-z0-9]/g, '').slice(0, PIX_TXID_MAX);
  return txid || PIX_NO_TXID;
}

/** '10.00': the amount with a dot and two places, rounded half-up to cents. */
export function pixAmount(value: number): string {
  if (!Number.isFinite(value) || value <= 0) throw new PixError('Valor do PIX deve ser maior que zero');
  const amount = roundMoney(value).toFixed(2);
  if (amount.length > 13) throw new PixError('Valor do PIX muito alto');
  return amount;
}

// ---------------------------------------------------------------- keys

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PHONE = /^\+55[1-9]{2}9?\d{8}$/;

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const first = checkDigit(value, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(value, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(value[9]) && second === Number(value[10]);
}

export function isValidCnpj(value: string): boolean {
  if (!/^\d{14}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const first = checkDigit(value, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(value, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(value[12]) && second === Number(value[13]);
}

/**
 * The key as the DICT stores it: e-mail in lower case, phone as +55DDNNNNNNNNN, CPF and CNPJ as
 * digits, random key as a lower-case UUID. Without a type it is inferred from the shape; null when
 * the key is not valid for the type.
 */
export function normalizePixKey(raw: string, type?: PixKeyType): { type: PixKeyType; key: string } | null {
  const value = raw.trim();
  const digits = value.replace(/\D/g, '');
  const candidates: PixKeyType[] = type
    ? [type]
    : value.includes('@')
      ? ['email']
      : value.startsWith('+')
        ? ['phone']
        : /^[0-9a-f-]{36}$/i.test(value)
          ? ['random']
          : ['cpf', 'cnpj'];
  for (const candidate of candidates) {
    switch (candidate) {
      case 'email': {
        const key = value.toLowerCase();
        if (key.length <= 77 && EMAIL.test(key)) return { type: 'email', key };
        break;
      }
      case 'phone': {
        const key = `+${digits.length === 10 || digits.length === 11 ? `55${digits}` : digits}`;
        if (PHONE.test(key)) return { type: 'phone', key };
        break;
      }
      case 'cpf':
        if (isValidCpf(digits) && /^[\d.\-\s]+$/.test(value)) return { type: 'cpf', key: digits };
        break;
      case 'cnpj':
        if (isValidCnpj(digits) && /^[\d./\-\s]+$/.test(value)) return { type: 'cnpj', key: digits };
        break;
      case 'random': {
        const key = value.toLowerCase();
        if (RANDOM_KEY.test(key)) return { type: 'random', key };
        break;
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------- the payload

export interface PixPaymentInput {
  key: string;
  keyType?: PixKeyType;
  recipient: string;
  city: string;
  /** In reais; omitted for a code where the payer types the amount. */
  amount?: number;
  description?: string;
  /** Identifies the payment (for example the conversation); letters and digits, at most 25. */
  txid?: string;
}

/** A valid static BR Code for the payment: names folded to upper-case ASCII and cut to their limits. */
export function buildPixPayload(input: PixPaymentInput): string {
  const normalized = normalizePixKey(input.key, input.keyType);
  if (!normalized) throw new PixError('Chave PIX inválida');
  const name = pixText(input.recipient, PIX_NAME_MAX);
  const city = pixText(input.city, PIX_CITY_MAX);
  if (!name) throw new PixError('Informe o nome do recebedor do PIX');
  if (!city) throw new PixError('Informe a cidade do recebedor do PIX');
  // The merchant account field holds GUI, key and description in at most 99 characters.
  const room = 99 - (4 + PIX_GUI.length) - (4 + normalized.key.length) - 4;
  const description = input.description ? asciiText(input.description).slice(0, Math.max(0, room)).trim() : '';
  return encodeBrCode({
    key: normalized.key,
    name,
    city,
    amount: input.amount === undefined ? undefined : pixAmount(input.amount),
    description: description || undefined,
    txid: input.txid === undefined ? undefined : pixTxid(input.txid),
  });
}

export type ParsedBrCode = { ok: true; fields: Map<string, string> } | { ok: false; error: string };

/** Reads the top-level fields of a BR Code and checks its CRC. */
export function parseBrCode(payload: string): ParsedBrCode {
  const fields = new Map<string, string>();
  let index = 0;
  while (index < payload.length) {
    const id = payload.slice(index, index + 2);
    const length = Number(payload.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || index + 4 + length > payload.length) {
      return { ok: false, error: 'Código PIX malformado' };
    }
    fields.set(id, payload.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  const crc = fields.get('63');
  if (!crc || !payload.endsWith(`6304${crc}`)) return { ok: false, error: 'Código PIX sem CRC' };
  if (crc16(payload.slice(0, -4)) !== crc.toUpperCase()) return { ok: false, error: 'CRC do código PIX não confere' };
  return { ok: true, fields };
}
