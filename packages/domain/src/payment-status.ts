// A payment's statuses, providers and kinds, and their words, without schemas: the chat's first load
// shows them (payments.ts holds the schemas and re-exports all of this).

export const PAYMENT_STATUSES = ['created', 'paid', 'expired', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: 'Aguardando pagamento',
  paid: 'Pago',
  expired: 'Expirado',
  cancelled: 'Cancelado',
};

/** 'psp': a charge at the shop's PSP (API Pix) that confirms itself; 'static': the shop's static BR Code, confirmed by hand. */
export const PAYMENT_PROVIDERS = ['psp', 'static'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * What a payment is for, as the chat's payment intents say it ('activation': a streaming app activated by our team;
 * 'reseller_plan': a reseller plan, monthly, per active client or prepaid).
 */
export const PAYMENT_KINDS = ['plan', 'credits', 'activation', 'reseller_plan'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_CONFIRMED = 'Pagamento confirmado';
