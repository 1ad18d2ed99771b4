import fc from 'fast-check';
import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import {
  buildPixPayload,
  crc16,
  encodeBrCode,
  isValidCnpj,
  isValidCpf,
  normalizePixKey,
  parseBrCode,
  pixAmount,
  PixError,
  pixText,
  type PixKeyType,
} from './pix.ts';

const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const PIX_UTILS_EXAMPLE =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6';

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value for 123456789', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('a static BR Code', () => {
  it("reproduces the Banco Central manual's static example byte for byte", () => {
    expect(encodeBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(MANUAL_EXAMPLE);
  });

  it("reproduces pix-utils' example with amount and description byte for byte", () => {
    expect(
      buildPixPayload({
        key: 'thalesog@me.com',
        recipient: 'Thales Ogliari',
        city: 'São Miguel do Oeste',
        amount: 10,
        description: 'Pedido 123',
      }),
    ).toBe(PIX_UTILS_EXAMPLE);
  });

  it('is read back by its own parser, and a wrong CRC is refused', () => {
    expect(parseBrCode(MANUAL_EXAMPLE).ok).toBe(true);
    const tampered = MANUAL_EXAMPLE.replace('Fulano', 'Beltra');
    expect(parseBrCode(tampered)).toEqual({ ok: false, error: 'CRC do código PIX não confere' });
    expect(parseBrCode(`${MANUAL_EXAMPLE.slice(0, -4)}13DF`).ok).toBe(false);
    expect(parseBrCode('000201').ok).toBe(false);
    expect(parseBrCode('0002').ok).toBe(false);
  });

  it('is refused by the independent parser when its CRC is wrong', () => {
    expect(hasError(parsePix(`${MANUAL_EXAMPLE.slice(0, -4)}0000`))).toBe(true);
  });

  it('folds names and cities to upper-case ASCII within their limits', () => {
    expect(pixText('João da Silva Conceição Araújo Filho', 25)).toBe('JOAO DA SILVA CONCEICAO A');
    expect(pixText('  São   Paulo ', 15)).toBe('SAO PAULO');
    expect(pixText('Florianópolis — Santa Catarina', 15)).toBe('FLORIANOPOLIS S');
  });

  it('writes the amount with a dot and two places, rounded half-up', () => {
    expect(pixAmount(408)).toBe('408.00');
    expect(pixAmount(10.075)).toBe('10.08');
    expect(() => pixAmount(0)).toThrow(PixError);
    expect(() => pixAmount(Number.NaN)).toThrow(PixError);
  });

  it('refuses an invalid key', () => {
    expect(() => buildPixPayload({ key: 'not a key', recipient: 'Loja', city: 'Recife' })).toThrow('Chave PIX inválida');
  });
});

describe('PIX keys', () => {
  it.each<[string, PixKeyType | undefined, { type: PixKeyType; key: string } | null]>([
    ['Pagamentos@Loja.com.br', undefined, { type: 'email', key: 'pagamentos@loja.com.br' }],
    ['+55 (11) 98765-4321', undefined, { type: 'phone', key: '+5511987654321' }],
    ['(11) 98765-4321', 'phone', { type: 'phone', key: '+5511987654321' }],
    ['529.982.247-25', undefined, { type: 'cpf', key: '52998224725' }],
    ['11.444.777/0001-61', undefined, { type: 'cnpj', key: '11444777000161' }],
    ['123E4567-E12B-12D1-A456-426655440000', undefined, { type: 'random', key: '123e4567-e12b-12d1-a456-426655440000' }],
    ['529.982.247-26', undefined, null],
    ['111.111.111-11', undefined, null],
    ['11.444.777/0001-62', undefined, null],
    ['+1 555 0100', undefined, null],
    ['loja@', undefined, null],
    ['52998224725', 'email', null],
  ])('%s (%s) → %j', (raw, type, expected) => {
    expect(normalizePixKey(raw, type)).toEqual(expected);
  });

  it('checks CPF and CNPJ check digits', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCnpj('11444777000161')).toBe(true);
    expect(isValidCnpj('11444777000160')).toBe(false);
  });
});

// Generators of valid keys of every type.
const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length });
const withCheckDigits = (base: number[], weights: number[][]) => {
  const all = [...base];
  for (const weight of weights) {
    const sum = weight.reduce((total, w, index) => total + w * all[index]!, 0);
    const rest = sum % 11;
    all.push(rest < 2 ? 0 : 11 - rest);
  }
  return all.join('');
};
const cpf = digits(9)
  .map((base) =>
    withCheckDigits(base, [
      [10, 9, 8, 7, 6, 5, 4, 3, 2],
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
    ]),
  )
  .filter(isValidCpf);
const cnpj = digits(12)
  .map((base) =>
    withCheckDigits(base, [
      [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
      [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    ]),
  )
  .filter(isValidCnpj);
const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9._-]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('com', 'com.br', 'net'))
  .filter(([local]) => /^[a-z0-9]/.test(local))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const phone = fc
  .tuple(fc.integer({ min: 11, max: 99 }), digits(8))
  .filter(([ddd]) => !String(ddd).includes('0'))
  .map(([ddd, rest]) => `+55${ddd}9${rest.join('')}`);
const key = fc.oneof(email, phone, cpf, cnpj, fc.uuid());
const words = fc.array(
  fc.constantFrom('São', 'João', 'Conceição', 'Ação', 'Loja', 'Çà', 'Ñandú', 'Über', 'Vitrine', 'Streaming', 'Ltda', 'Pará', 'Goiânia', 'Itaú', '  '),
  { minLength: 1, maxLength: 8 },
);

describe('any payment we build', () => {
  it('is read back identically by an independent parser (pix-utils)', () => {
    fc.assert(
      fc.property(
        key,
        words,
        words,
        fc.option(fc.integer({ min: 1, max: 99_999_999 }).map((cents) => cents / 100)),
        fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/)),
        fc.option(words.map((parts) => parts.join(' '))),
        (pixKey, nameParts, cityParts, amount, txid, description) => {
          const recipient = `${nameParts.join(' ')} X`;
          const city = `${cityParts.join(' ')} Y`;
          const payload = buildPixPayload({
            key: pixKey,
            recipient,
            city,
            amount: amount ?? undefined,
            txid: txid ?? undefined,
            description: description ?? undefined,
          });
          expect(parseBrCode(payload).ok).toBe(true);
          const parsed = parsePix(payload);
          if (hasError(parsed) || parsed.type !== 'STATIC') throw new Error(`pix-utils recusou ${payload}`);
          expect(parsed.pixKey).toBe(normalizePixKey(pixKey)!.key);
          expect(parsed.merchantName).toBe(pixText(recipient, 25));
          expect(parsed.merchantCity).toBe(pixText(city, 15));
          expect(parsed.merchantName).toMatch(/^[A-Z0-9 .,\-/]{1,25}$/);
          expect(parsed.merchantCity).toMatch(/^[A-Z0-9 .,\-/]{1,15}$/);
          // pix-utils reads a missing amount as 0.
          expect(parsed.transactionAmount || undefined).toBe(amount ?? undefined);
          expect(parsed.txid).toBe(txid ?? '***');
        },
      ),
      { seed: 20261122, numRuns: 500 },
    );
  });
});
