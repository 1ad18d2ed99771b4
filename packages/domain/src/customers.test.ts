import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  CONTACT_MESSAGES,
  contactCaptureSchema,
  daysBetween,
  fillReminderText,
  formatBrazilianPhone,
  formatIsoDate,
  nextTerm,
  normalizeBrazilianPhone,
  parseContactMessage,
  saoPauloToday,
  subscriptionStatus,
} from './customers.ts';

describe('the subscription calendar: one, three, six or twelve calendar months, on São Paulo days', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28', 'the 31st of January ends on the last day of February'],
    ['2024-01-31', 1, '2024-02-29', 'in a leap year, on the 29th'],
    ['2024-02-29', 12, '2025-02-28', 'a year after 29 February is 28 February'],
    ['2028-02-29', 12, '2029-02-28', 'another leap year'],
    ['2100-01-31', 1, '2100-02-28', '2100 is not a leap year'],
    ['2000-01-31', 1, '2000-02-29', '2000 is'],
    ['2025-03-31', 3, '2025-06-30', 'a quarter from 31 March ends on 30 June'],
    ['2025-08-31', 6, '2026-02-28', 'a semester crossing the year'],
    ['2025-11-15', 3, '2026-02-15', 'a quarter crossing the year'],
    ['2025-12-31', 1, '2026-01-31', 'December to January'],
    ['2025-05-10', 12, '2026-05-10', 'a year'],
  ])('%s + %i month(s) = %s (%s)', (start, months, end) => {
    expect(addCalendarMonths(start, months)).toBe(end);
  });

  it('keeps the 31st as the day periods end on, instead of drifting to the 28th', () => {
    expect(addCalendarMonths('2025-02-28', 1, 31)).toBe('2025-03-31');
    expect(addCalendarMonths('2025-03-31', 1, 31)).toBe('2025-04-30');
  });

  it('a first purchase starts today and ends the chosen months later', () => {
    expect(nextTerm({ today: '2025-01-31', months: 1 })).toEqual({ startsOn: '2025-01-31', endsOn: '2025-02-28', anchorDay: 31 });
  });

  it('an early renewal extends from the current end, keeping its day of the month', () => {
    const first = nextTerm({ today: '2025-01-31', months: 1 });
    const renewed = nextTerm({ today: '2025-02-10', months: 1, current: first });
    expect(renewed).toEqual({ startsOn: '2025-02-28', endsOn: '2025-03-31', anchorDay: 31 });
    const annual = nextTerm({ today: '2025-02-20', months: 12, current: { endsOn: '2025-06-15', anchorDay: 15 } });
    expect(annual).toEqual({ startsOn: '2025-06-15', endsOn: '2026-06-15', anchorDay: 15 });
  });

  it('a renewal on the end day still extends from it; one after it starts today', () => {
    expect(nextTerm({ today: '2025-06-15', months: 1, current: { endsOn: '2025-06-15', anchorDay: 15 } }).endsOn).toBe('2025-07-15');
    expect(nextTerm({ today: '2025-06-20', months: 1, current: { endsOn: '2025-06-15', anchorDay: 15 } })).toEqual({
      startsOn: '2025-06-20',
      endsOn: '2025-07-20',
      anchorDay: 20,
    });
  });

  it('every end is after its start, at most the months later, and on the anchor day or the last day of its month', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T12:00:00Z'), max: new Date('2099-12-31T12:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(1, 3, 6, 12),
        (at, months) => {
          const start = at.toISOString().slice(0, 10);
          const end = addCalendarMonths(start, months);
          const days = daysBetween(start, end);
          expect(days).toBeGreaterThan(months * 28 - 1);
          expect(days).toBeLessThanOrEqual(months * 31 + 1);
          const endDay = Number(end.slice(8));
          expect(endDay === Number(start.slice(8)) || endDay >= 28).toBe(true);
        },
      ),
    );
  });

  it("today is São Paulo's day: 01:00 UTC is still the evening before there", () => {
    expect(saoPauloToday(new Date('2025-03-01T01:00:00Z'))).toBe('2025-02-28');
    expect(saoPauloToday(new Date('2025-03-01T03:00:00Z'))).toBe('2025-03-01');
  });

  it('writes a day as dd/mm/aaaa without moving it to another time zone', () => {
    expect(formatIsoDate('2026-01-01')).toBe('01/01/2026');
  });
});

describe("a subscription's status on a day", () => {
  it.each([
    ['2025-06-30', '2025-06-01', 'active'],
    ['2025-06-08', '2025-06-01', 'expiring'],
    ['2025-06-01', '2025-06-01', 'expiring'],
    ['2025-05-31', '2025-06-01', 'expired'],
  ] as const)('ending %s, on %s it is %s', (endsOn, today, status) => {
    expect(subscriptionStatus({ endsOn }, today)).toBe(status);
  });

  it('cancelled wins over any date', () => {
    expect(subscriptionStatus({ endsOn: '2030-01-01', cancelledAt: new Date() }, '2025-01-01')).toBe('cancelled');
  });
});

describe('a Brazilian WhatsApp in any usual form is stored as E.164', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['11 98765 4321', '+5511987654321'],
    ['+55 11 98765-4321', '+5511987654321'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['0055 11 98765-4321', '+5511987654321'],
    ['011 98765-4321', '+5511987654321'],
    ['(21) 8765-4321', '+5521987654321'],
    ['(61) 3333-4444', '+556133334444'],
  ])('%s → %s', (input, e164) => {
    expect(normalizeBrazilianPhone(input)).toBe(e164);
  });

  it.each(['98765-4321', '(10) 98765-4321', '(11) 88765-43210', '+1 415 555 0100', '(11) 1234-5678', 'onze 9876', ''])('refuses %s', (input) => {
    expect(normalizeBrazilianPhone(input)).toBeNull();
  });

  it('reads back in the national form', () => {
    expect(formatBrazilianPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatBrazilianPhone('+556133334444')).toBe('(61) 3333-4444');
  });
});

describe('the contact form and a typed answer to the contact question', () => {
  it('takes a name with a WhatsApp and/or an e-mail, normalised', () => {
    expect(contactCaptureSchema.parse({ name: ' Maria Silva ', whatsapp: '(11) 98765-4321', email: ' Maria@Exemplo.COM ' })).toEqual({
      name: 'Maria Silva',
      whatsapp: '+5511987654321',
      email: 'maria@exemplo.com',
    });
    expect(contactCaptureSchema.parse({ name: 'João', email: 'joao@exemplo.com', whatsapp: '' })).toEqual({ name: 'João', email: 'joao@exemplo.com' });
  });

  it.each([
    [{ name: '', email: 'a@b.com' }, CONTACT_MESSAGES.nameMissing],
    [{ name: 'M', email: 'a@b.com' }, CONTACT_MESSAGES.nameTooShort],
    [{ name: 'Maria' }, CONTACT_MESSAGES.contactMissing],
    [{ name: 'Maria', whatsapp: '9876-5432' }, CONTACT_MESSAGES.whatsappInvalid],
    [{ name: 'Maria', email: 'maria@' }, CONTACT_MESSAGES.emailInvalid],
  ])('refuses %o with "%s"', (input, message) => {
    const result = contactCaptureSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(message);
  });

  it.each([
    ['Maria Silva, (11) 98765-4321', { name: 'Maria Silva', whatsapp: '+5511987654321' }],
    ['Maria Silva maria@exemplo.com', { name: 'Maria Silva', email: 'maria@exemplo.com' }],
    ['Meu nome é João Souza, e-mail joao@exemplo.com e WhatsApp 11 98765-4321.', { name: 'João Souza', email: 'joao@exemplo.com', whatsapp: '+5511987654321' }],
    ['sou Ana - whatsapp: +55 21 99876-5432', { name: 'Ana', whatsapp: '+5521998765432' }],
  ])('reads "%s"', (text, contact) => {
    expect(parseContactMessage(text)).toEqual({ ok: true, contact });
  });

  it('says what is missing or wrong, in Portuguese', () => {
    expect(parseContactMessage('Maria Silva')).toEqual({ ok: false, problems: [CONTACT_MESSAGES.contactMissing] });
    expect(parseContactMessage('(11) 98765-4321')).toEqual({ ok: false, problems: [CONTACT_MESSAGES.nameMissing] });
    expect(parseContactMessage('Maria, 1234-56789')).toEqual({ ok: false, problems: [CONTACT_MESSAGES.whatsappInvalid] });
  });
});

it("fills a reminder's placeholders and leaves unknown ones as written", () => {
  expect(
    fillReminderText('Olá, {nome}! {plano} vence em {vencimento}. {link} {outro}', {
      nome: 'Maria',
      plano: 'Premium',
      vencimento: '31/01/2026',
      link: 'https://x',
    }),
  ).toBe('Olá, Maria! Premium vence em 31/01/2026. https://x {outro}');
});
