// Customers who come back: who bought what until when. The subscription calendar (São Paulo dates, one,
// three, six or twelve calendar months), a subscription's status, the customer's contact (WhatsApp in
// E.164, e-mail) and the shapes the chat, Minha assinatura and the admin's A entregar and Clientes read.
// Pure: the browser previews with it, the server decides with it.
import './zod-locale.ts';
import { z } from 'zod';
import { listEnvelopeSchema, listQuerySchema, pageQuerySchema } from './lists.ts';
import { saoPauloDay } from './money.ts';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from './payment-status.ts';
import { BILLING_PERIODS, PERIOD_MONTHS, type BillingPeriod } from './pricing/periods.ts';

// ---------------------------------------------------------------- the calendar

/** A calendar day in São Paulo, `yyyy-mm-dd`. Subscriptions start and end on days, never instants. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The months a subscription's period runs. */
export const SUBSCRIPTION_MONTHS = [1, 3, 6, 12] as const;
export type SubscriptionMonths = (typeof SUBSCRIPTION_MONTHS)[number];

export const periodMonths = (period: BillingPeriod): SubscriptionMonths => PERIOD_MONTHS[period] as SubscriptionMonths;
export const periodOfMonths = (months: number): BillingPeriod | null => BILLING_PERIODS.find((period) => PERIOD_MONTHS[period] === months) ?? null;

/** Today in São Paulo. */
export const saoPauloToday = (now: Date): IsoDate => saoPauloDay(now);

function parseIsoDate(date: IsoDate): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Data inválida: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1-12) of a year: February has 29 in leap years. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * `months` calendar months after `date`, on the day `anchorDay` (by default the date's own), or the last day
 * of the month when it is shorter: 31 Jan + 1 → 28 Feb (29 in a leap year); with anchor 31, 28 Feb + 1 → 31 Mar.
 */
export function addCalendarMonths(date: IsoDate, months: number, anchorDay?: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const targetDay = Math.min(anchorDay ?? day, daysInMonth(targetYear, targetMonth));
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(targetDay)}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** The day `days` after `date` (before, when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const at = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** The first day of the month of `date`. */
export const monthStart = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`;

/** `dd/mm/aaaa`, from the day itself (never through a Date, which would move it to another time zone). */
export function formatIsoDate(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

export interface SubscriptionTerm {
  startsOn: IsoDate;
  endsOn: IsoDate;
  /** The day of the month the periods end on (the 31st keeps ending on the last day of shorter months). */
  anchorDay: number;
}

/**
 * The term a paid period buys. A first purchase, or a renewal after the subscription ended (late), starts
 * today; a renewal while it still runs (early, or on its last day) starts at its end, keeping its day of
 * the month. Either way it ends `months` calendar months later.
 */
export function nextTerm(input: { today: IsoDate; months: number; current?: { endsOn: IsoDate; anchorDay: number } | null }): SubscriptionTerm {
  const { today, months, current } = input;
  if (current && current.endsOn >= today) {
    return { startsOn: current.endsOn, endsOn: addCalendarMonths(current.endsOn, months, current.anchorDay), anchorDay: current.anchorDay };
  }
  const anchorDay = parseIsoDate(today).day;
  return { startsOn: today, endsOn: addCalendarMonths(today, months, anchorDay), anchorDay };
}

// ---------------------------------------------------------------- statuses

/** ativa, vence em breve (within EXPIRING_SOON_DAYS), vencida (its end day has passed), cancelada. */
export const SUBSCRIPTION_STATUSES = ['active', 'expiring', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Ativa',
  expiring: 'Vence em breve',
  expired: 'Vencida',
  cancelled: 'Cancelada',
};

/** 'Vence em breve' and the Clientes filter 'vence em 7 dias': ends within this many days from today. */
export const EXPIRING_SOON_DAYS = 7;

/** The status on `today`: a subscription runs through its end day and is due (vencida) the day after. */
export function subscriptionStatus(subscription: { endsOn: IsoDate; cancelledAt?: unknown }, today: IsoDate): SubscriptionStatus {
  if (subscription.cancelledAt) return 'cancelled';
  if (subscription.endsOn < today) return 'expired';
  return daysBetween(today, subscription.endsOn) <= EXPIRING_SOON_DAYS ? 'expiring' : 'active';
}

/** What a subscription adds to the monthly recurring revenue: its price spread over its months (unrounded). */
export const monthlyShare = (price: number, months: number) => price / months;

// ---------------------------------------------------------------- contact

export const CONTACT_REASON = 'para entregarmos seu acesso e avisarmos antes de vencer';

export const CONTACT_MESSAGES = {
  nameMissing: 'Informe seu nome.',
  nameTooShort: 'Informe seu nome (pelo menos 2 letras).',
  nameTooLong: 'Nome muito longo (máximo de 100 caracteres).',
  contactMissing: 'Informe um WhatsApp com DDD ou um e-mail para contato.',
  whatsappInvalid: 'WhatsApp inválido: informe o DDD e o número, por exemplo (11) 98765-4321.',
  emailInvalid: 'E-mail inválido: confira o endereço, por exemplo nome@exemplo.com.',
} as const;

/** The assistant's question, asked once per conversation, before the first PIX. */
export const CONTACT_REQUEST = `Antes de gerar o PIX, me diga seu **nome** e um **WhatsApp** (com DDD) ou **e-mail**, ${CONTACT_REASON}. Por exemplo: "Maria Silva, (11) 98765-4321".`;

// Area codes in use in Brazil (Anatel).
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65,
  66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * A Brazilian number in any usual form — '(11) 98765-4321', '11 98765 4321', '+55 11 98765-4321', '011987654321',
 * '5511987654321', a mobile written without its leading 9 — as E.164 ('+5511987654321'), or null.
 */
export function normalizeBrazilianPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international || ((digits.length === 12 || digits.length === 13) && digits.startsWith('55'))) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    digits = digits.replace(/^0+/, '');
  }
  if (digits.length !== 10 && digits.length !== 11) return null;
  const area = Number(digits.slice(0, 2));
  if (!AREA_CODES.has(area)) return null;
  let subscriber = digits.slice(2);
  if (subscriber.length === 9) {
    if (subscriber[0] !== '9') return null;
  } else if (/^[6-9]/.test(subscriber)) {
    // A mobile written the old way, before the ninth digit.
    subscriber = `9${subscriber}`;
  } else if (!/^[2-5]/.test(subscriber)) {
    return null;
  }
  return `+55${area}${subscriber}`;
}

/** `(11) 98765-4321` from E.164. */
export function formatBrazilianPhone(e164: string): string {
  const national = e164.replace(/^\+55/, '');
  const area = national.slice(0, 2);
  const subscriber = national.slice(2);
  const split = subscriber.length - 4;
  return `(${area}) ${subscriber.slice(0, split)}-${subscriber.slice(split)}`;
}

/** E-mail addresses compare in lower case (decision 0016 spells the word; this the value). */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
const nameSchema = z
  .string({ error: CONTACT_MESSAGES.nameMissing })
  .trim()
  .min(1, CONTACT_MESSAGES.nameMissing)
  .refine((value) => value.length !== 1, CONTACT_MESSAGES.nameTooShort)
  .refine((value) => value.length <= 100, CONTACT_MESSAGES.nameTooLong);

/**
 * The name and contact the chat asks for (a form, or the API): a name and a WhatsApp and/or an e-mail. The
 * WhatsApp leaves as E.164 and the e-mail in lower case; empty fields count as absent.
 */
export const contactCaptureSchema = z
  .strictObject({
    name: nameSchema,
    whatsapp: z
      .string()
      .trim()
      .max(40, CONTACT_MESSAGES.whatsappInvalid)
      .optional()
      .transform((value, context) => {
        if (!value) return undefined;
        const normalized = normalizeBrazilianPhone(value);
        if (!normalized) {
          context.addIssue({ code: 'custom', message: CONTACT_MESSAGES.whatsappInvalid });
          return z.NEVER;
        }
        return normalized;
      }),
    email: z
      .string()
      .trim()
      .max(254, CONTACT_MESSAGES.emailInvalid)
      .optional()
      .transform((value, context) => {
        if (!value) return undefined;
        if (!EMAIL.test(value)) {
          context.addIssue({ code: 'custom', message: CONTACT_MESSAGES.emailInvalid });
          return z.NEVER;
        }
        return normalizeEmail(value);
      }),
  })
  .superRefine((value, context) => {
    if (!value.whatsapp && !value.email) context.addIssue({ code: 'custom', message: CONTACT_MESSAGES.contactMissing, path: ['whatsapp'] });
  });
export type ContactCaptureInput = z.input<typeof contactCaptureSchema>;
export type ContactCapture = z.output<typeof contactCaptureSchema>;

export type ParsedContact = { ok: true; contact: ContactCapture } | { ok: false; problems: string[] };

const LEAD_IN = /^(?:(?:ol[áa]|oi|bom dia|boa tarde|boa noite)[,!.\s]*)?(?:(?:o\s+)?meu\s+nome\s+[ée]|me\s+chamo|eu\s+sou|sou|nome)\s*:?\s*/i;
const CONTACT_LABELS = /\b(?:whats\s*app|whatsapp|zap|wpp|celular|telefone|fone|tel|e-?mail|meu|é|e|ou)\b\s*:?/gi;

/**
 * A typed answer to the contact question — 'Maria Silva, (11) 98765-4321', 'sou João, joao@exemplo.com e
 * 11 98765-4321' — read into the same shape as the form, or the Portuguese problems found.
 */
export function parseContactMessage(text: string): ParsedContact {
  let rest = ` ${text.trim()} `;
  const email = /[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+/.exec(rest)?.[0]?.replace(/[.]+$/, '');
  if (email) rest = rest.replace(email, ' ');
  const phone = /\+?\d[\d\s().-]{7,}\d/.exec(rest)?.[0];
  if (phone) rest = rest.replace(phone, ' ');
  const name = rest
    .replace(LEAD_IN, '')
    .trim()
    .replace(LEAD_IN, '')
    .replace(CONTACT_LABELS, ' ')
    .replace(/[,;:|/\-–—.!()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const result = contactCaptureSchema.safeParse({ name, whatsapp: phone, email });
  if (result.success) return { ok: true, contact: result.data };
  const problems = [...new Set(result.error.issues.map((issue) => issue.message))];
  return { ok: false, problems };
}

// ---------------------------------------------------------------- deliveries and reminders

/** A paid purchase waits in A entregar ('pending') until the operator delivers it. */
export const DELIVERY_STATUSES = ['pending', 'delivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = { pending: 'A entregar', delivered: 'Entregue' };

export const DELIVERY_TEXT_MAX = 4000;
export const deliverBodySchema = z.strictObject({
  text: z
    .string({ error: 'Escreva o que o cliente recebe.' })
    .trim()
    .min(1, 'Escreva o que o cliente recebe.')
    .max(DELIVERY_TEXT_MAX, `Texto muito longo (máximo de ${DELIVERY_TEXT_MAX} caracteres).`),
});
export type DeliverBody = z.infer<typeof deliverBodySchema>;

/** 'before_end': RENEWAL_REMINDER_DAYS before the end day; 'end_day': on it. */
export const REMINDER_KINDS = ['before_end', 'end_day'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The placeholders a reminder's editable text may use (settings renewal_*). */
export const REMINDER_PLACEHOLDERS = ['{nome}', '{plano}', '{vencimento}', '{dias}', '{link}'] as const;

export const DEFAULT_REMINDER_TEXTS = {
  renewal_reminder_subject: 'Sua assinatura {plano} vence em {vencimento}',
  renewal_reminder_text:
    'Olá, {nome}!\n\nSua assinatura {plano} vence em {vencimento} (daqui a {dias} dias). Para continuar sem interrupção, renove com PIX pela página Minha assinatura:\n\n{link}\n\nSe já renovou, desconsidere esta mensagem.',
  renewal_due_subject: 'Sua assinatura {plano} vence hoje',
  renewal_due_text:
    'Olá, {nome}!\n\nSua assinatura {plano} vence hoje, {vencimento}. Renove com PIX pela página Minha assinatura para não perder o acesso:\n\n{link}\n\nSe já renovou, desconsidere esta mensagem.',
} as const;

/** Fills a reminder's text: each {placeholder} by its value, unknown ones left as written. */
export function fillReminderText(template: string, values: Partial<Record<'nome' | 'plano' | 'vencimento' | 'dias' | 'link', string>>): string {
  return template.replace(/\{(nome|plano|vencimento|dias|link)\}/g, (whole, name: keyof typeof values) => values[name] ?? whole);
}

// ---------------------------------------------------------------- Minha assinatura (public, by link)

/** The opaque token of a Minha assinatura link (only its hash is stored). */
export const accessTokenSchema = z
  .string({ error: 'Link inválido.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{32,100}$/, 'Link inválido.');
export const mySubscriptionQuerySchema = z.object({ token: accessTokenSchema });
export const renewBodySchema = z.strictObject({ token: accessTokenSchema });

export const subscriptionViewSchema = z.object({
  id: z.string(),
  planId: z.string().nullable(),
  planName: z.string(),
  period: z.enum(BILLING_PERIODS),
  months: z.number().int(),
  /** The price paid for the current period, in reais. */
  price: z.number(),
  /** São Paulo days, yyyy-mm-dd (the web writes dd/mm/aaaa with formatIsoDate). */
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelledAt: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** What was delivered, as the customer reads it. */
const customerDeliverySchema = z.object({
  id: z.string(),
  itemName: z.string(),
  text: z.string(),
  deliveredAt: z.string(),
});

const customerPaymentSchema = z.object({
  id: z.string(),
  itemName: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const mySubscriptionSchema = z.object({
  customerName: z.string(),
  subscription: subscriptionViewSchema,
  /** The renewal 'Renovar com PIX' would charge: the same plan and period at today's price; null when the plan is no longer sold. */
  renewal: z.object({ amount: z.number(), title: z.string() }).nullable(),
  /** Newest first, the last 50. */
  deliveries: z.array(customerDeliverySchema),
  /** Newest first, the last 50. */
  payments: z.array(customerPaymentSchema),
  /** When the link stops working. */
  linkExpiresAt: z.string(),
});
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

/** The charge 'Renovar com PIX' created: pay it, and the subscription moves on from its end day. */
export const renewalChargeSchema = z.object({
  paymentId: z.string(),
  amount: z.number(),
  title: z.string(),
  /** The PSP's copia-e-cola, or the shop's static BR Code. */
  brCode: z.string(),
  /** The PSP's QR code address, when it gives one. */
  location: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** 'psp': confirms itself; 'static': the shop confirms it by hand. */
  provider: z.enum(['psp', 'static']),
});
export type RenewalCharge = z.infer<typeof renewalChargeSchema>;

// ---------------------------------------------------------------- admin: A entregar

export const adminDeliverySchema = z.object({
  id: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  paymentId: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  itemName: z.string(),
  amount: z.number(),
  paidAt: z.string().nullable(),
  customerId: z.string().nullable(),
  /** null once the customer was erased (LGPD). */
  customerName: z.string().nullable(),
  /** Whether the delivery will also be e-mailed. */
  customerHasEmail: z.boolean(),
  /** The customer's contact, for the operator who delivers (null when not given or erased). */
  customerEmail: z.string().nullable(),
  customerWhatsapp: z.string().nullable(),
  conversationId: z.string().nullable(),
  /** What was delivered (only once delivered). */
  text: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  deliveredBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;
export const adminDeliveryListSchema = listEnvelopeSchema(adminDeliverySchema);
export const adminDeliveryListQuerySchema = pageQuerySchema.extend({
  /** 'pending' (A entregar, oldest first) by default; 'delivered' newest first. */
  status: z.enum(DELIVERY_STATUSES, { error: 'Situação inválida.' }).default('pending'),
});

// ---------------------------------------------------------------- admin: Clientes

/** The Clientes filters: ativa, vence em 7 dias, vencida, sem contato. */
export const CUSTOMER_FILTERS = ['active', 'expiring', 'expired', 'no_contact'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];
export const CUSTOMER_FILTER_LABELS: Record<CustomerFilter, string> = {
  active: 'Ativa',
  expiring: 'Vence em 7 dias',
  expired: 'Vencida',
  no_contact: 'Sem contato',
};

export const customerListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true, search: true }).extend({
  filter: z.enum(CUSTOMER_FILTERS, { error: 'Filtro inválido.' }).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export const customerExportQuerySchema = customerListQuerySchema.pick({ search: true, filter: true });

export const adminCustomerSchema = z.object({
  id: z.string(),
  /** null once erased. */
  name: z.string().nullable(),
  /** E.164. */
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  erasedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The subscription that ends last (cancelled ones only when there is no other), or null. */
  subscription: subscriptionViewSchema.nullable(),
  subscriptionCount: z.number().int(),
  /** Sum of paid payments, in reais. */
  paidTotal: z.number(),
  lastPaidAt: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomerListSchema = listEnvelopeSchema(adminCustomerSchema);

export const accessLinkSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** 'admin' (created in Clientes) or 'reminder' (sent by a renewal reminder). */
  createdBy: z.string(),
});
export type AccessLink = z.infer<typeof accessLinkSchema>;

export const adminCustomerDetailSchema = adminCustomerSchema.extend({
  subscriptions: z.array(subscriptionViewSchema),
  /** The links still open (not expired, not revoked), newest first. */
  accessLinks: z.array(accessLinkSchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const TIMELINE_TYPES = ['conversation', 'payment', 'delivery', 'subscription', 'reminder'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];
export const timelineEntrySchema = z.object({
  type: z.enum(TIMELINE_TYPES),
  /** The row's id (conversation, payment, delivery, subscription or reminder). */
  id: z.string(),
  at: z.string(),
  /** A Portuguese line: 'Pagamento recebido: Plano Premium — Anual', 'Lembrete de renovação enviado'… */
  title: z.string(),
  /** Amount, status, end date… as data for the screen to format. */
  amount: z.number().nullable(),
  status: z.string().nullable(),
  /** A São Paulo day (a subscription's end). */
  date: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelineListSchema = listEnvelopeSchema(timelineEntrySchema);

/** The figures a shop watches, at the top of Clientes and on the dashboard. */
export const customerFiguresSchema = z.object({
  activeSubscriptions: z.number().int(),
  /** Each running subscription's price divided by its months, summed (reais). */
  monthlyRecurringRevenue: z.number(),
  /** Plans paid this month (São Paulo) that extended a subscription the customer already had. */
  renewalsThisMonth: z.number().int(),
  cancellationsThisMonth: z.number().int(),
  /** The price of the subscriptions that end in the next 30 days (what renewing them brings). */
  revenueDueNext30Days: z.number(),
  pendingDeliveries: z.number().int(),
});
export type CustomerFigures = z.infer<typeof customerFiguresSchema>;

export const createAccessLinkBodySchema = z.strictObject({
  subscriptionId: z.uuid('Assinatura inválida.'),
});
/** The link is shown once: only its hash is kept. */
export const createdAccessLinkSchema = accessLinkSchema.extend({ url: z.string() });

export const erasedCustomerSchema = z.object({ id: z.string(), erasedAt: z.string() });

/** Everything held about one customer (LGPD), as JSON. */
export const customerExportSchema = z.object({
  exportedAt: z.string(),
  customer: z.object({ id: z.string(), name: z.string().nullable(), whatsapp: z.string().nullable(), email: z.string().nullable(), createdAt: z.string() }),
  subscriptions: z.array(subscriptionViewSchema),
  payments: z.array(customerPaymentSchema.extend({ kind: z.enum(PAYMENT_KINDS) })),
  deliveries: z.array(
    z.object({ id: z.string(), itemName: z.string(), status: z.enum(DELIVERY_STATUSES), text: z.string().nullable(), deliveredAt: z.string().nullable() }),
  ),
  reminders: z.array(z.object({ id: z.string(), kind: z.enum(REMINDER_KINDS), day: z.string(), sentAt: z.string() })),
  conversations: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      messages: z.array(z.object({ type: z.enum(['bot', 'user']), content: z.string(), createdAt: z.string() })),
    }),
  ),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;
