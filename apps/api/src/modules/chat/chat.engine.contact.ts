// The name and contact asked once, before a conversation's first PIX: 'para entregarmos seu acesso e
// avisarmos antes de vencer'. An answer that would offer a PIX to a conversation without a customer says the
// same and asks instead; the visitor's answer (the form's { contact }, or typed) is read and checked, and
// once it is right the PIX that was about to be offered is offered.
import { CONTACT_REASON, CONTACT_REQUEST, type ContactCapture } from '@vitrine/domain/customers';
import { formatBRL as money } from '@vitrine/domain/money';
import { answer, type Analysis } from './chat.engine.analysis.ts';
import type { ChatConversationState } from './chat.repository.ts';

/** What 'contact' turns are called in logs and tests. */
export const CONTACT_TOPICS = { request: 'contact_request', invalid: 'contact_invalid' } as const;

/**
 * The answer `analysis` would have given, with a PIX about to be offered: the same text up to its last
 * paragraph (the one that hands the PIX over), then the question. Nothing is offered, and the choice stays
 * open, so the PIX is offered as soon as the contact is given.
 */
export function askContactFirst(analysis: Analysis, previous: ChatConversationState): Analysis {
  const offer = analysis.offer!;
  const paragraphs = analysis.reply.split('\n\n');
  // Every offer's text ends with the paragraph that gives its PIX (chat.engine.test.ts holds this).
  if (paragraphs.length > 1) paragraphs.pop();
  const question = CONTACT_REQUEST.replace('Antes de gerar o PIX', `Para gerar o PIX de **${money(offer.amount)}**`);
  return {
    ...analysis,
    topic: CONTACT_TOPICS.request,
    reply: `${paragraphs.join('\n\n')}\n\n${question}`,
    facts: [...analysis.facts, `Antes do PIX, peça nome e WhatsApp ou e-mail do visitante, ${CONTACT_REASON}.`],
    suggestions: ['Falar com um humano'],
    offer: null,
    asksContact: true,
    builtinOnly: true,
    state: { ...analysis.state, offered: previous.offered, awaitingContact: true },
  };
}

/** The contact could not be read: what is wrong, in Portuguese, and the question again. */
export function contactProblems(problems: string[], state: ChatConversationState): Analysis {
  return answer(CONTACT_TOPICS.invalid, `${problems.join(' ')}\n\n${CONTACT_REQUEST}`, {
    state: { ...state, awaitingContact: true },
    suggestions: ['Falar com um humano'],
    asksContact: true,
    builtinOnly: true,
  });
}

/** The contact is right: thanks, and the answer to paying for the choice on the table (its PIX). */
export function contactReceived(contact: ContactCapture, payment: Analysis): Analysis {
  const firstName = contact.name.split(/\s+/)[0];
  return {
    ...payment,
    reply: `Obrigado, ${firstName}! Anotei seu contato ${CONTACT_REASON}.\n\n${payment.reply}`,
    builtinOnly: true,
    state: { ...payment.state, awaitingContact: false },
  };
}

/** A typed message while the contact is awaited counts as the answer unless it clearly asks something else. */
export function readsAsContact(text: string, parsedOk: boolean, analysis: Analysis): boolean {
  if (parsedOk || text.includes('@') || text.replace(/\D/g, '').length >= 8) return true;
  return ['unknown', 'greeting', 'thanks'].includes(analysis.topic);
}

const CONTACT_IN_TEXT = [/[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+/g, /\+?\d[\d\s().-]{7,}\d/g];

/** A message as a language model may read it: e-mail addresses and phone numbers are not sent to it. */
export function withoutContact(text: string): string {
  return CONTACT_IN_TEXT.reduce((result, pattern) => result.replace(pattern, '[contato]'), text);
}
