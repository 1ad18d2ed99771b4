// Payments: a PIX charge for what a customer chose in a conversation (a plan and period, credits, an
// app activation), its status as the PSP (or an admin, by hand) confirms it, and the shapes the admin's
// Pagamentos section and the conversation read.
import { z } from 'zod';
import { listEnvelopeSchema, listQuerySchema } from './lists.ts';
import { PAYMENT_KINDS, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './payment-status.ts';

export * from './payment-status.ts';

export const adminPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Reais, two decimals at most. */
  amount: z.number(),
  kind: z.enum(PAYMENT_KINDS),
  /** What was bought: 'Plano Family — Semestral', '100 créditos'. */
  itemName: z.string(),
  conversationId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  txid: z.string(),
  endToEndId: z.string().nullable(),
  manual: z.boolean(),
  /** Who marked it received by hand. */
  markedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentListSchema = listEnvelopeSchema(adminPaymentSchema);

export const adminPaymentListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true, search: true }).extend({
  status: z.enum(PAYMENT_STATUSES, { error: 'Situação inválida.' }).optional(),
});

export const paymentSummarySchema = z.object({
  /** Sum of paid payments, in reais. */
  paidTotal: z.number(),
  paidCount: z.number().int(),
  /** The same over the last 30 days. */
  paidLast30Days: z.number(),
  pendingCount: z.number().int(),
  /** Whether a PSP is configured (charges confirm themselves) or payments are marked by hand. */
  pspConfigured: z.boolean(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const markReceivedSchema = z.strictObject({
  endToEndId: z
    .string()
    .trim()
    .max(64, 'Identificador muito longo.')
    .regex(/^[A-Za-z0-9]*$/, 'Use só letras e dígitos no identificador (E2E).')
    .optional()
    .transform((value) => (value ? value : undefined)),
});

/** What the visitor of a conversation sees of its payments. */
export const conversationPaymentSchema = z.object({
  id: z.string(),
  paymentIntentId: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  itemName: z.string(),
  /** The code to pay: the PSP's copia-e-cola, or the static BR Code. */
  brCode: z.string(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type ConversationPayment = z.infer<typeof conversationPaymentSchema>;

/**
 * API Pix notification (POST {registered URL}/pix): up to a bounded number of received PIX. Each one is
 * only a hint: the server re-reads the charge before believing it.
 */
export const PIX_NOTIFICATION_MAX = 100;
export const pixNotificationSchema = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
        txid: z
          .string()
          .regex(/^[A-Za-z0-9]{1,35}$/)
          .optional(),
        valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
        horario: z.string().max(40),
        infoPagador: z.string().max(200).optional(),
      }),
    )
    .max(PIX_NOTIFICATION_MAX),
});
export type PixNotification = z.infer<typeof pixNotificationSchema>;
