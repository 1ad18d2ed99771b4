// The assistant on WhatsApp. A signed delivery from Meta is stored at once — each message id once — with a
// durable job per new message, and answered 200; the job runs the same turn as /chat on the number's own
// conversation and writes the messages to send in the turn's transaction, with the job that sends them in
// order (retried, then kept as failed). Status callbacks move the sent messages' state forward.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import QRCode from 'qrcode';
import { z } from 'zod';
import { formatBrazilianPhone, normalizeBrazilianPhone } from '@vitrine/domain/customers';
import { fileTooLargeMessage, uploadBuckets } from '@vitrine/domain/uploads';
import {
  answerParts,
  deliveryParts,
  operatorReplyParts,
  OUTSIDE_WINDOW_NO_TEMPLATE,
  outsideWindowTemplateSent,
  paymentConfirmedParts,
  readWebhook,
  reminderParts,
  UNSUPPORTED_MESSAGE_REPLY,
  WHATSAPP_HELD_DAYS,
  WHATSAPP_HELD_REMINDER_DAYS,
  WHATSAPP_WINDOW_MS,
  type InboundMedia,
  type OutboundPart,
  type WhatsAppMediaSource,
  type WhatsAppOutboundContent,
  type WhatsAppWebhook,
} from '@vitrine/domain/whatsapp';
import type { WhatsAppConfig } from '../../config/env.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { adminWrite, type AdminActor } from '../../shared/audit/audit.ts';
import { AppError, conflict } from '../../shared/errors.ts';
import { createJobsRepository } from '../../shared/jobs/jobs.repository.ts';
import { enqueueJob } from '../../shared/jobs/queue.ts';
import type { JobHandler } from '../../shared/jobs/runner.ts';
import { OPERATOR_ENGINE, prepareTurn, readAdminConversation, storeVisitorFile, type ChatDeps } from '../chat/chat.usecases.ts';
import { identifyCustomer } from '../customers/customers.usecases.ts';
import { WhatsAppMediaTooLargeError, WhatsAppRefusedError, WhatsAppUnavailableError, type WhatsAppClient, type WhatsAppMediaFile } from './whatsapp-client.ts';
import { createWhatsAppRepository, type ContactRow, type OutboundRow } from './whatsapp.repository.ts';

export const WHATSAPP_ANSWER_JOB = 'whatsapp.answer';
export const WHATSAPP_SEND_JOB = 'whatsapp.send';
/** A send is tried this many times before its messages are kept as failed. */
export const WHATSAPP_SEND_ATTEMPTS = 5;

export const whatsappErrors = {
  notConfigured: () => new AppError('whatsapp.not_configured', 404, 'O WhatsApp não está configurado nesta loja.'),
  badSignature: () => new AppError('whatsapp.bad_signature', 401, 'Assinatura do webhook do WhatsApp ausente ou inválida.'),
  verificationRefused: () => new AppError('whatsapp.verification_refused', 403, 'Token de verificação do webhook do WhatsApp não confere.'),
  tooManyInvalid: (seconds: number) =>
    new AppError(
      'whatsapp.too_many_invalid',
      429,
      `Muitas requisições sem assinatura válida vindas deste endereço. Aguarde ${seconds} segundos e tente novamente.`,
    ),
};

/** How long a message waits for an earlier one of the same number (one stuck longer no longer holds the others), and how often it looks. */
const ORDER_WAIT_MS = 10 * 60_000;
const ORDER_DEFER_MS = 150;

/** Requests to the webhook without a valid signature, per client address: past this, 429 instead of 401. */
export const WHATSAPP_WEBHOOK_LIMITS = { invalidPerIp: 30, windowMs: 60_000 } as const;

// ---------------------------------------------------------------- the webhook's checks

const digest = (value: string | Buffer) => createHash('sha256').update(value).digest();
/** Equal in constant time: both sides are hashed first, so their lengths say nothing either. */
const sameText = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** Meta's handshake: `hub.mode=subscribe` and the verify token; the challenge is what it expects back. */
export function verifySubscription(config: WhatsAppConfig, query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string }): string {
  const challenge = query['hub.challenge'];
  const tokenMatches = sameText(query['hub.verify_token'] ?? '', config.verifyToken);
  // Meta's challenge is a number; anything else is not echoed back.
  if (query['hub.mode'] !== 'subscribe' || !tokenMatches || !challenge || !/^[A-Za-z0-9_.-]{1,256}$/.test(challenge)) {
    throw whatsappErrors.verificationRefused();
  }
  return challenge;
}

/** X-Hub-Signature-256: 'sha256=' and the HMAC-SHA256 of the raw body with the app's secret, in hex. */
export function signatureMatches(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
  return sameText(header.trim().toLowerCase(), expected);
}

// ---------------------------------------------------------------- a delivery

export interface WhatsAppReceiveDeps {
  db: Database;
  config: WhatsAppConfig;
  /** When a message is received (its 24-hour window starts there). */
  clock: () => Date;
}

/**
 * Stores the new messages of a signed delivery with a job each, in one transaction (a message id seen
 * before is skipped), and applies its status callbacks. Returns how many of each were new.
 */
export async function receiveDelivery(deps: WhatsAppReceiveDeps, body: WhatsAppWebhook): Promise<{ received: number; statuses: number }> {
  const { messages, statuses } = readWebhook(body, deps.config.phoneNumberId);
  const receivedAt = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const repository = createWhatsAppRepository(tx);
    const inserted = await repository.insertInbound(
      // One millisecond apart, in the delivery's order: a number's messages are answered in that order.
      messages.map((message, index) => ({
        waMessageId: message.id,
        waId: message.waId,
        profileName: message.profileName,
        type: message.type,
        text: message.text,
        media: message.media,
        createdAt: new Date(receivedAt.getTime() + index),
      })),
    );
    for (const row of inserted) await enqueueJob(tx, { kind: WHATSAPP_ANSWER_JOB, payload: { inboundId: row.id }, maxAttempts: 3 });
    let moved = 0;
    const early = new Set<string>();
    for (const status of statuses) {
      if (await repository.applyStatus(status.messageId, status.state, status.error)) moved += 1;
      // Meta may call back before the send's own answer (with the id) is written: kept for then, never lost.
      else if (!(await repository.outboundExists(status.messageId))) {
        await repository.keepEarlyStatus(status.messageId, status.state, status.error, receivedAt);
        early.add(status.messageId);
      }
    }
    return { received: inserted.length, statuses: moved, early };
  });
  // The id may have been stored meanwhile (its send wrote it after the check above): applied now then.
  for (const waMessageId of outcome.early) await applyEarlyStatuses(deps.db, waMessageId);
  return { received: outcome.received, statuses: outcome.statuses };
}

/**
 * The statuses kept for a message before its id was stored, applied once it is (by the send that stored
 * it, and by the delivery that kept them, so one of the two always sees the other's write).
 */
export async function applyEarlyStatuses(db: DbExecutor, waMessageId: string) {
  const repository = createWhatsAppRepository(db);
  if (!(await repository.outboundExists(waMessageId))) return;
  for (const status of await repository.takeEarlyStatuses(waMessageId)) await repository.applyStatus(waMessageId, status.status, status.error);
}

// ---------------------------------------------------------------- answering (a job)

/** The conversation's owner as the chat sees it: a web visitor is a SHA-256 in hex, so this never matches one. */
export const whatsappVisitorId = (waId: string) => `whatsapp:${waId}`;

class ContactTaken extends Error {}

/**
 * The number's conversation, created with its first message: the customer with this WhatsApp (or a new one,
 * named after the profile), so the assistant does not ask for a contact before a PIX.
 */
async function conversationOf(db: Database, waId: string, profileName: string | null): Promise<ContactRow> {
  const existing = await createWhatsAppRepository(db).findContact(waId);
  if (existing) return existing;
  try {
    return await db.transaction(async (tx) => {
      const repository = createWhatsAppRepository(tx);
      const phone = normalizeBrazilianPhone(`+${waId}`);
      let customerId: string | null = null;
      if (phone)
        customerId =
          (await repository.customerByWhatsapp(phone)) ??
          (await identifyCustomer(tx, { name: profileName ?? formatBrazilianPhone(phone), whatsapp: phone, email: undefined })).id;
      const created = await repository.createContact({ waId, visitorId: whatsappVisitorId(waId), profileName, customerId });
      if (!created) throw new ContactTaken();
      return created;
    });
  } catch (error) {
    // Another message of the same number created it first: that one is the conversation.
    if (error instanceof ContactTaken) return (await createWhatsAppRepository(db).findContact(waId))!;
    throw error;
  }
}

/** Writes the messages of an answer and queues the job that sends them, in the caller's transaction. */
type OutboundTarget = { waId: string; conversationId: string | null; inboundId: string | null; chatMessageId?: string | null };

/** The rows of one send's messages to `target`, in order, each with its id (its send job names them). */
function outboundRows(target: OutboundTarget, parts: OutboundPart[]) {
  return parts.map((part, position) => ({
    ...target,
    id: randomUUID(),
    position,
    kind: part.kind,
    content: part.content,
    media: part.media ?? null,
    templateParams: part.templateParams ?? null,
  }));
}

async function queueParts(tx: DbExecutor, target: OutboundTarget, parts: OutboundPart[]) {
  const rows = await createWhatsAppRepository(tx).insertOutbound(outboundRows(target, parts));
  if (rows.length > 0) {
    await enqueueJob(tx, { kind: WHATSAPP_SEND_JOB, payload: { outboundIds: rows.map((row) => row.id) }, maxAttempts: WHATSAPP_SEND_ATTEMPTS });
  }
}

/**
 * A payment of a WhatsApp conversation was confirmed (by the PSP or by an admin): 'Pagamento confirmado'
 * with what was bought goes to that number, written in the transaction that marks it paid — which runs
 * once per payment, so a PSP that notifies twice still sends it once. Other conversations: nothing.
 */
export async function queuePaymentConfirmation(tx: DbExecutor, payment: { conversationId: string | null; itemName: string; amount: number }) {
  if (!payment.conversationId) return;
  const contact = await createWhatsAppRepository(tx).contactOfConversation(payment.conversationId);
  if (!contact) return;
  await queueParts(tx, { waId: contact.waId, conversationId: contact.conversationId, inboundId: null }, paymentConfirmedParts(payment));
}

/**
 * A purchase of a WhatsApp conversation was delivered from A entregar: what the customer receives goes to
 * that number too, in the transaction that marks it delivered (once per delivery). Outside the 24-hour
 * window the send job sends the approved template instead, or keeps it as not sent with why.
 */
export async function queueDeliveryMessage(tx: DbExecutor, delivery: { conversationId: string; text: string }) {
  const contact = await createWhatsAppRepository(tx).contactOfConversation(delivery.conversationId);
  if (!contact) return;
  await queueParts(tx, { waId: contact.waId, conversationId: contact.conversationId, inboundId: null }, deliveryParts(delivery.text));
}

/** A renewal reminder for a customer who gave a WhatsApp: its text, and the values of the reminders' template. */
export interface WhatsAppReminder {
  customerId: string;
  /** The customer's WhatsApp (E.164). */
  whatsapp: string;
  text: string;
  values: Parameters<typeof reminderParts>[1];
}

/**
 * Renewal reminders sent to the customers' WhatsApp, in the transaction that records them sent (the send
 * job of the reminders: once per reminder): to the number the customer wrote from, in its conversation,
 * else to the WhatsApp they gave. Outside the 24-hour window (the usual case) the send job sends the
 * reminders' approved template with its variables, else the general one, else keeps it as not sent.
 */
export async function queueReminderMessages(tx: DbExecutor, reminders: WhatsAppReminder[]): Promise<number> {
  if (reminders.length === 0) return 0;
  const repository = createWhatsAppRepository(tx);
  const contacts = await repository.contactsOfCustomers([...new Set(reminders.map((reminder) => reminder.customerId))]);
  // One insert for all the messages and one for their send jobs (a job per reminder: each has its number).
  const sends = reminders.map((reminder) => {
    const contact = contacts.get(reminder.customerId);
    const target = contact
      ? { waId: contact.waId, conversationId: contact.conversationId, inboundId: null }
      : { waId: reminder.whatsapp.replace(/^\+/, ''), conversationId: null, inboundId: null };
    return outboundRows(target, reminderParts(reminder.text, reminder.values));
  });
  await repository.insertOutbound(sends.flat());
  return createJobsRepository(tx).insertMany(
    sends.map((rows) => ({ kind: WHATSAPP_SEND_JOB, payload: { outboundIds: rows.map((row) => row.id) }, maxAttempts: WHATSAPP_SEND_ATTEMPTS })),
  );
}

export const operatorErrors = {
  notWhatsApp: () => conflict('chat.reply_not_whatsapp', 'Só as conversas do WhatsApp recebem respostas do atendente pelo painel.'),
};

/**
 * An operator's reply typed in the admin to a WhatsApp conversation: kept in the conversation as the
 * operator's message and sent to the number by the durable send job (its state, failed included, shows
 * under it); the conversation is then handled by a person (the assistant stays quiet until it is handed
 * back). Audited without the text.
 */
export async function replyAsOperator(deps: { db: Database; clock: () => Date }, actor: AdminActor, conversationId: string, text: string) {
  const conversation = await readAdminConversation(deps, conversationId);
  if (conversation.channel !== 'whatsapp') throw operatorErrors.notWhatsApp();
  const contact = await createWhatsAppRepository(deps.db).contactOfConversation(conversationId);
  if (!contact) throw operatorErrors.notWhatsApp();
  const now = deps.clock();
  await adminWrite(deps.db, actor, { action: 'create', resource: 'chat_messages' }, async (tx) => {
    const repository = createWhatsAppRepository(tx);
    const messageId = await repository.insertOperatorMessage(conversationId, text, OPERATOR_ENGINE, now);
    if (!(await repository.handledByPerson(conversationId))) await repository.openHandoff(conversationId, messageId, OPERATOR_TOOK_OVER);
    await queueParts(tx, { waId: contact.waId, conversationId, inboundId: null, chatMessageId: messageId }, operatorReplyParts(text));
    return { recordId: messageId, before: null, after: { conversationId, channel: 'whatsapp', fromOperator: true } };
  });
  return readAdminConversation(deps, conversationId);
}

/** The hand-off an operator's reply opens when the customer had not asked for a person. */
export const OPERATOR_TOOK_OVER = 'O atendente assumiu a conversa pelo painel.';

/** Why a customer's file was not kept, in their words: the chat's own refusal (type, size, quota), or the size Meta gave. */
function fileRefusal(error: unknown, kind: 'image' | 'audio'): string | null {
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  if (error instanceof WhatsAppMediaTooLargeError) return fileTooLargeMessage(uploadBuckets[FILE_BUCKETS[kind]].maxBytes);
  if (error instanceof WhatsAppRefusedError) return kind === 'image' ? 'Não consegui baixar sua imagem.' : 'Não consegui baixar seu áudio.';
  return null;
}

const FILE_BUCKETS = { image: 'chat-attachments', audio: 'chat-audio' } as const;

/**
 * An image or a voice note from the customer: downloaded from the Graph API (the guarded client, the
 * token), stored like /chat's (same types, sizes, quotas, retention, in the number's name) and kept in
 * the conversation for the operator, with the assistant's acknowledgment sent back (none while a person
 * handles it). A refused file is answered with why; a Graph API that fails for now is tried again.
 */
async function receiveFile(
  deps: WhatsAppAnswerDeps,
  input: {
    inbound: { waId: string };
    media: InboundMedia;
    conversationId: string;
    quiet: boolean;
    markAnswered: (tx: DbExecutor) => Promise<void>;
    target: { waId: string; conversationId: string; inboundId: string };
    signal: AbortSignal;
  },
) {
  const { media, conversationId, quiet, markAnswered, target } = input;
  const kind = media.kind;
  const visitorId = whatsappVisitorId(input.inbound.waId);
  let stored: Awaited<ReturnType<typeof storeVisitorFile>>;
  try {
    if (!deps.client) throw new WhatsAppRefusedError('O WhatsApp não está configurado.');
    const file = await deps.client.downloadMedia(media.id, uploadBuckets[FILE_BUCKETS[kind]].maxBytes, input.signal);
    stored = await storeVisitorFile(
      deps.chat,
      { visitorId },
      kind,
      { body: Readable.from([Buffer.from(file.bytes)]), clientName: kind === 'image' ? 'imagem-whatsapp' : 'audio-whatsapp' },
      { address: visitorId },
    );
  } catch (error) {
    const refusal = fileRefusal(error, kind);
    if (refusal === null) throw error;
    await deps.db.transaction(async (tx) => {
      await markAnswered(tx);
      if (quiet)
        await createWhatsAppRepository(tx).keepCustomerMessage(
          conversationId,
          `(${kind === 'image' ? 'imagem' : 'áudio'} não guardado: ${refusal})`,
          deps.clock(),
        );
      else await queueParts(tx, target, [{ kind: 'text', content: { type: 'text', text: { body: refusal } } }]);
    });
    return;
  }
  const { engine } = await deps.chat.assistant.current();
  try {
    await deps.db.transaction(async (tx) => {
      await markAnswered(tx);
      const repository = createWhatsAppRepository(tx);
      const acknowledgment = quiet ? null : engine.acknowledgeFile(kind, await repository.conversationState(conversationId));
      const botId = await repository.insertFileMessages(conversationId, kind, stored.upload.id, acknowledgment, deps.clock());
      if (acknowledgment && botId) {
        await queueParts(tx, { ...target, chatMessageId: botId }, answerParts({ content: acknowledgment.reply, suggestions: acknowledgment.suggestions }));
      }
    });
  } catch (error) {
    await stored.discard();
    throw error;
  }
}

export interface WhatsAppAnswerDeps {
  db: Database;
  /** Downloads the customers' images and voice notes; null when WhatsApp is not configured. */
  client: WhatsAppClient | null;
  /** The chat's engine, prices, language model and payments: the same answers as /chat. */
  chat: ChatDeps;
  clock: () => Date;
}

class AlreadyAnswered extends Error {}

/** Held messages sent per reply (one send job; the rest go with the customer's next message). */
const HELD_PER_RELEASE = 50;

/**
 * The customer wrote: the messages held for them (outside the window, in the general template's place or
 * with no template) within WHATSAPP_HELD_DAYS (a reminder: WHATSAPP_HELD_REMINDER_DAYS) go now, in their
 * order, in one send job, before the answer.
 */
export async function releaseHeldMessages(db: Database, contact: { waId: string; conversationId: string }, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const since = { reminders: daysAgo(WHATSAPP_HELD_REMINDER_DAYS), others: daysAgo(WHATSAPP_HELD_DAYS) };
    const ids = await createWhatsAppRepository(tx).releaseHeld(contact.waId, contact.conversationId, since, now, HELD_PER_RELEASE);
    if (ids.length > 0) await enqueueJob(tx, { kind: WHATSAPP_SEND_JOB, payload: { outboundIds: ids }, maxAttempts: WHATSAPP_SEND_ATTEMPTS });
    return ids.length;
  });
}

export function createWhatsAppAnswerHandler(deps: WhatsAppAnswerDeps): JobHandler<{ inboundId: string }> {
  return {
    payload: z.object({ inboundId: z.uuid() }),

    async run({ inboundId }, context) {
      const inbound = await createWhatsAppRepository(deps.db).findInbound(inboundId);
      if (!inbound) return { ok: false, permanent: true, error: 'Mensagem do WhatsApp não encontrada.' };
      if (inbound.status !== 'received') return { ok: true };
      // One number's messages are answered in the order they came: an earlier one still waiting goes first.
      if (await createWhatsAppRepository(deps.db).earlierUnanswered(inbound, new Date(deps.clock().getTime() - ORDER_WAIT_MS))) {
        return { ok: false, error: 'Aguardando a resposta a uma mensagem anterior do mesmo número.', deferMs: ORDER_DEFER_MS };
      }
      const contact = await conversationOf(deps.db, inbound.waId, inbound.profileName);
      await createWhatsAppRepository(deps.db).touchContact(inbound.waId, inbound.createdAt, inbound.profileName);
      // The window is open again: what was held for this customer goes first.
      await releaseHeldMessages(deps.db, { waId: inbound.waId, conversationId: contact.conversationId }, deps.clock());
      const target = { waId: inbound.waId, conversationId: contact.conversationId, inboundId };
      const markAnswered = async (tx: DbExecutor) => {
        // Another run of this job answered it meanwhile: this turn is rolled back.
        if (!(await createWhatsAppRepository(tx).markInboundAnswered(inboundId, contact.conversationId, deps.clock()))) throw new AlreadyAnswered();
      };
      try {
        const quiet = await createWhatsAppRepository(deps.db).handledByPerson(contact.conversationId);
        if (inbound.media) {
          await receiveFile(deps, {
            inbound,
            media: inbound.media,
            conversationId: contact.conversationId,
            quiet,
            markAnswered,
            target,
            signal: context.signal,
          });
          return { ok: true };
        }
        // A person handles the conversation: the message is kept for them, and the assistant says nothing.
        if (quiet) {
          await deps.db.transaction(async (tx) => {
            await markAnswered(tx);
            await createWhatsAppRepository(tx).keepCustomerMessage(contact.conversationId, inbound.text ?? `(${inbound.type})`, deps.clock());
          });
          return { ok: true };
        }
        if (inbound.text === null) {
          await deps.db.transaction(async (tx) => {
            await markAnswered(tx);
            await queueParts(tx, target, [{ kind: 'text', content: { type: 'text', text: { body: UNSUPPORTED_MESSAGE_REPLY } } }]);
          });
          return { ok: true };
        }
        const turn = await prepareTurn(deps.chat, whatsappVisitorId(inbound.waId), contact.conversationId, { text: inbound.text });
        await turn.run({
          signal: context.signal,
          onStored: async (tx, exchange) => {
            await markAnswered(tx);
            const { reply } = exchange;
            await queueParts(
              tx,
              { ...target, chatMessageId: reply.id },
              answerParts({ content: reply.content, suggestions: reply.suggestions, pixCode: reply.pix?.brCode ?? null }),
            );
          },
        });
        return { ok: true };
      } catch (error) {
        if (error instanceof AlreadyAnswered) return { ok: true };
        throw error;
      }
    },

    async settle(tx, { inboundId }, { settlement }) {
      if (settlement.state === 'failed') await createWhatsAppRepository(tx).markInboundFailed(inboundId, settlement.error);
    },
  };
}

// ---------------------------------------------------------------- sending (a job)

type TemplateContent = Extract<WhatsAppOutboundContent, { type: 'template' }>;

export interface WhatsAppTemplates {
  general: string | null;
  reminder: string | null;
  language: string;
}

/**
 * What goes in a message's place outside the window: a reminder (with its values) goes as the reminders'
 * template when one is set, anything else (or a reminder without it) as the general one; null: none is set.
 */
export function templateInPlaceOf(row: Pick<OutboundRow, 'kind' | 'templateParams'>, templates: WhatsAppTemplates): TemplateContent | null {
  const language = { code: templates.language };
  if (row.kind === 'reminder' && row.templateParams && templates.reminder) {
    const parameters = row.templateParams.map((text) => ({ type: 'text' as const, text }));
    return { type: 'template', template: { name: templates.reminder, language, components: [{ type: 'body', parameters }] } };
  }
  return templates.general ? { type: 'template', template: { name: templates.general, language } } : null;
}

export interface WhatsAppSendDeps {
  db: Database;
  /** Null when WhatsApp is no longer configured: queued sends fail, kept for the operator. */
  client: WhatsAppClient | null;
  logger: Pick<Logger, 'warn'>;
  /** Called for each send that failed (counted in the metrics). */
  onFailure?: () => void;
  /** The clock of WhatsApp's 24-hour window. */
  clock: () => Date;
  /**
   * The approved templates sent outside the window (admin settings, null when not set): the general one
   * (no variables), and the renewal reminders' one (REMINDER_TEMPLATE_VARIABLES), in one language.
   */
  templates: () => Promise<WhatsAppTemplates>;
}

/** Within WhatsApp's customer-service window: the customer wrote less than 24 hours ago. */
export const withinWindow = (lastInboundAt: Date | null, now: Date) => lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;

/** A PIX's QR code as WhatsApp shows it: PNG, error correction M (as the site's), large enough to scan from a phone's screen. */
export async function pixQrPng(code: string): Promise<Uint8Array> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', width: 400, margin: 2 });
}

async function mediaFile(source: WhatsAppMediaSource): Promise<WhatsAppMediaFile> {
  return { bytes: await pixQrPng(source.code), mimeType: 'image/png', filename: 'pix-qrcode.png' };
}

/** The message as it is sent: a media message's file uploaded first (once: its id is kept), and sent by that id. */
async function withMedia(
  client: WhatsAppClient,
  repository: ReturnType<typeof createWhatsAppRepository>,
  row: OutboundRow,
  signal: AbortSignal,
): Promise<WhatsAppOutboundContent> {
  if (!row.media || row.content.type !== 'image') return row.content;
  let mediaId = row.mediaId;
  if (!mediaId) {
    mediaId = (await client.uploadMedia(await mediaFile(row.media), signal)).id;
    await repository.setMediaId(row.id, mediaId);
  }
  return { type: 'image', image: { ...row.content.image, id: mediaId } };
}

/** Sends the messages of one answer in order; a retry resumes at the first one WhatsApp has not accepted. */
export function createWhatsAppSendHandler(deps: WhatsAppSendDeps): JobHandler<{ outboundIds: string[] }> {
  return {
    payload: z.object({ outboundIds: z.array(z.uuid()).min(1).max(50) }),

    async run({ outboundIds }, context) {
      const repository = createWhatsAppRepository(deps.db);
      if (!deps.client) return { ok: false, permanent: true, error: 'O WhatsApp não está configurado: mensagem não enviada.' };
      const rows = await repository.outboundByIds(outboundIds);
      // One number's messages go out in the order they were written: an earlier send still waiting goes first.
      const first = rows.find((row) => row.status === 'pending');
      if (first && (await repository.earlierPending(first.waId, outboundIds, first.createdAt, new Date(deps.clock().getTime() - ORDER_WAIT_MS)))) {
        return { ok: false, error: 'Aguardando o envio de uma mensagem anterior ao mesmo número.', deferMs: ORDER_DEFER_MS };
      }
      for (const row of rows) {
        if (row.status !== 'pending') continue;
        try {
          const contact = await repository.findContact(row.waId);
          if (!withinWindow(contact?.lastInboundAt ?? null, deps.clock())) {
            // Outside the window only an approved template may go, once for the whole send; without one, nothing goes.
            // What the template does not carry (the general one carries nothing of it) is held for the customer's next message.
            const now = deps.clock();
            const template = templateInPlaceOf(row, await deps.templates());
            if (!template) {
              await repository.failOne(row.id, OUTSIDE_WINDOW_NO_TEMPLATE, now);
              continue;
            }
            const alreadySent = rows.find((other) => other.template !== null);
            if (alreadySent) {
              // Held with the message the template went for, unless that template carried the content.
              await repository.failOne(row.id, outsideWindowTemplateSent(alreadySent.template!), alreadySent.heldAt ? now : null);
              continue;
            }
            const carriesContent = template.template.components !== undefined;
            const sent = await deps.client.send(row.waId, template, context.signal);
            await repository.markAccepted(row.id, sent.id, 200, template.template.name, carriesContent ? null : now);
            await applyEarlyStatuses(deps.db, sent.id);
            row.template = template.template.name;
            row.heldAt = carriesContent ? null : now;
            continue;
          }
          const sent = await deps.client.send(row.waId, await withMedia(deps.client, repository, row, context.signal), context.signal);
          await repository.markAccepted(row.id, sent.id, 200);
          await applyEarlyStatuses(deps.db, sent.id);
        } catch (error) {
          const known = error instanceof WhatsAppRefusedError || error instanceof WhatsAppUnavailableError;
          const message = known ? error.message : `Falha ao enviar pelo WhatsApp: ${(error as Error).message}`;
          const status = known ? (error.status ?? null) : null;
          await repository.recordSendFailure(row.id, message, status);
          deps.onFailure?.();
          deps.logger.warn({ outboundId: row.id, status }, 'mensagem do WhatsApp não enviada');
          return {
            ok: false,
            error: message,
            ...(status !== null ? { statusCode: status } : {}),
            ...(error instanceof WhatsAppUnavailableError && error.retryAfterMs ? { retryAfterMs: error.retryAfterMs } : {}),
            permanent: error instanceof WhatsAppRefusedError,
          };
        }
      }
      return { ok: true };
    },

    async settle(tx, { outboundIds }, { settlement }) {
      if (settlement.state === 'failed') await createWhatsAppRepository(tx).failPending(outboundIds, settlement.error);
    },
  };
}
