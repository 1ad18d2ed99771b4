// What the built-in assistant makes of a message: its answer, the facts the answer rests on, what
// the conversation settled on, and the PIX to offer. Every answer of the engine has this shape.
import { formatBRL as money } from '@vitrine/domain/money';
import type { BillingPeriod } from '@vitrine/domain/pricing/periods';
import type { ResellerPlanType } from '@vitrine/domain/resellers';
import type { ChatConversationState } from './chat.repository.ts';

/** What the conversation is asked to pay for, at today's price. */
export type OfferRequest =
  | { kind: 'plan'; planId: string; planName: string; period: BillingPeriod; amount: number; title: string }
  | { kind: 'credits'; credits: number; amount: number; title: string }
  | { kind: 'activation'; appId: string; appName: string; mode: 'cliente' | 'revendedor'; amount: number; title: string }
  | { kind: 'reseller_plan'; resellerPlanId: string; planName: string; planType: ResellerPlanType; amount: number; title: string };

export interface Analysis {
  /** What the answer is about, for logs and tests ('plan_price', 'handoff', 'unknown'...). */
  topic: string;
  /** The built-in answer (Markdown). */
  reply: string;
  /** The facts the answer rests on, for a language model to write from. */
  facts: string[];
  /** Price lines from our data, appended under a language model's prose. */
  priceLines: string[];
  suggestions: string[];
  /** The visitor asked for a person. */
  handoff: boolean;
  offer: OfferRequest | null;
  state: ChatConversationState;
  /** The answer asks for a name and a contact (the chat shows its form under it). */
  asksContact?: boolean;
  /** Written by the built-in engine even when a language model is configured (its exact words matter). */
  builtinOnly?: boolean;
}

export const DEFAULT_SUGGESTIONS = ['Quais são os planos?', 'Como funciona?', 'Quero revender', 'Falar com um humano'];

/** Until the shop sets its PIX key, the assistant offers no PIX and says so. */
export const PIX_NOT_CONFIGURED = 'O pagamento por PIX ainda não foi configurado pela loja.';

/**
 * Whether to offer a PIX of `amount` for what `key` names now (the visitor asked to pay, or it was not offered
 * yet), and the sentence that says so: free (nothing to pay), payment not configured, a new PIX, or the one
 * above still valid. `pays` is what the PIX pays ('a ativação'), `after` what happens once it is paid,
 * `contact` the request to talk to someone when there is no PIX ('Para ativar').
 */
export function pixOffer(
  knowledge: { pixRecipient: unknown },
  state: ChatConversationState,
  askedToPay: boolean,
  { key, amount, pays, after, free, contact }: { key: string; amount: number; pays: string; after: string; free: string; contact: string },
) {
  const payable = knowledge.pixRecipient !== null && amount > 0;
  const offer = payable && (askedToPay || state.offered !== key);
  const text =
    amount <= 0
      ? free
      : !knowledge.pixRecipient
        ? `${PIX_NOT_CONFIGURED} ${contact}, fale com um atendente.`
        : offer
          ? `Gerei um PIX de **${money(amount)}** para ${pays}: use o QR code ou o código "copia e cola". ${after}`
          : `O PIX de ${money(amount)} que enviei acima continua válido. ${after}`;
  return { payable, offer, text };
}

/** An answer with nothing but its topic, text and state unless `extra` says otherwise. */
export const answer = (topic: string, reply: string, extra: Partial<Analysis> & { state: ChatConversationState }): Analysis => ({
  topic,
  reply,
  facts: [],
  priceLines: [],
  suggestions: [],
  handoff: false,
  offer: null,
  ...extra,
});
