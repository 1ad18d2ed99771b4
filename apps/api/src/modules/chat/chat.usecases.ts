import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import {
  type AdminChatConversation,
  type ChatConversation,
  type ChatExchange,
  type ChatMessage,
  type PixOffer,
  type PublicShortcut,
  type ShortcutRunState,
  type ShortcutRunStatus,
} from '@vitrine/domain/chat';
import { chatIntentMessage, type ChatIntent } from '@vitrine/domain/chat-intent';
import { DEMO_PIX_SHORTCUT_NAME, SHOP_PIX_SHORTCUT_NAME } from '@vitrine/domain/chat-text';
import { chatContract } from '@vitrine/domain/chat.contract';
import { endpointUrl } from '@vitrine/domain/contracts';
import { formatBrazilianPhone, parseContactMessage, type ContactCapture } from '@vitrine/domain/customers';
import { pageOffset, toListEnvelope, type ListQuery } from '@vitrine/domain/lists';
import { roundMoney } from '@vitrine/domain/money';
import { buildPixPayload, PixError, pixTxid } from '@vitrine/domain/pix';
import type { Database, Transaction } from '../../db/client.ts';
import { adminWrite, type AdminActor } from '../../shared/audit/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { identifyCustomer } from '../customers/customers.usecases.ts';
import type { ChatPayments, PreparedCharge } from '../payments/payments.usecases.ts';
import { createUploadsRepository } from '../uploads/uploads.repository.ts';
import { deleteUpload, storageKey, storeUpload, type UploadsDeps } from '../uploads/uploads.usecases.ts';
import { enqueueWebhook } from '../webhooks/webhooks.usecases.ts';
import { writeAnswer, type KnowledgeCache, type WrittenAnswer } from './chat.assistant.ts';
import type { Analysis, OfferRequest } from './chat.engine.analysis.ts';
import { askContactFirst, contactProblems, contactReceived, readsAsContact, withoutContact } from './chat.engine.contact.ts';
import type { Engine } from './chat.engine.ts';
import { chatErrors } from './chat.errors.ts';
import type { PixRecipient } from './chat.knowledge.ts';
import type { LlmSource } from './chat.llm.ts';
import {
  createChatRepository,
  type ChatConversationState,
  type ConversationRow,
  type HandoffRow,
  type MessageWithExtras,
  type NewMessageRow,
  type PaymentIntentRow,
  type ShortcutRow,
} from './chat.repository.ts';
import { keepWithinQuotas, uploadAddressKey, visitorUploadRefusal, type VisitorUploadQuotas } from './chat.visitor-uploads.ts';

export interface ChatDeps {
  db: Database;
  assistant: KnowledgeCache;
  /** The shop's PIX as set now; null until the admin (or PIX_KEY) gives a key. */
  shopPix: () => Promise<PixRecipient | null>;
  llm: LlmSource;
  storage: FileStorage;
  logger: Pick<Logger, 'warn' | 'error'>;
  clock?: () => Date;
  /** A visitor's answer fell back to the built-in engine because the model failed (counted in the metrics). */
  onLlmFallback?: (reason: string) => void;
  /** What visitors' chat files may hold (all together, per client address, per visitor); unlimited when absent. */
  visitorUploadQuotas?: VisitorUploadQuotas;
  /** Charges at the PSP and the payments of offered PIX (modules/payments); without it only the static code. */
  payments?: ChatPayments;
}

/** Who is asking: the visitor of the cookie (its hash), and whether an active PRO session is present. */
export interface ChatAccess {
  visitorId: string | null;
  isAdmin: boolean;
}

const HISTORY_FOR_MODEL = 8;

// ---------------------------------------------------------------- mapping

export const fileUrl = (conversationId: string, uploadId: string) =>
  endpointUrl(chatContract.getConversationFile, { params: { id: conversationId, uploadId } });

export function toPixOffer(row: PaymentIntentRow): PixOffer {
  return {
    paymentIntentId: row.id,
    title: row.itemName,
    brCode: row.brCode,
    key: row.pixKey,
    recipient: row.recipient,
    city: row.city,
    value: roundMoney(row.amount),
    description: row.description,
    txid: row.txid,
  };
}

export function toChatMessage(row: MessageWithExtras): ChatMessage {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    feedback: row.feedback,
    imageUrl: row.imageUploadId ? fileUrl(row.conversationId, row.imageUploadId) : null,
    audioUrl: row.audioUploadId ? fileUrl(row.conversationId, row.audioUploadId) : null,
    suggestions: row.suggestions,
    pix: row.paymentIntent ? toPixOffer(row.paymentIntent) : null,
    ...(row.asksContact ? { asksContact: true } : {}),
    ...(row.engine === OPERATOR_ENGINE ? { fromOperator: true } : {}),
  };
}

/** The `engine` of a message an operator typed in the admin. */
export const OPERATOR_ENGINE = 'operator';

async function toConversation(deps: Pick<ChatDeps, 'db'>, row: ConversationRow): Promise<ChatConversation> {
  const messages = await createChatRepository(deps.db).listMessages(row.id);
  return { id: row.id, createdAt: row.createdAt.toISOString(), messages: messages.map(toChatMessage) };
}

// ---------------------------------------------------------------- conversations

/** A new conversation, opened by the assistant's greeting. */
export async function startConversation(deps: ChatDeps, visitorId: string): Promise<ChatConversation> {
  const { engine } = await deps.assistant.current();
  const greeting = engine.greeting();
  const now = (deps.clock ?? (() => new Date()))();
  const row = await deps.db.transaction(async (tx) => {
    const repository = createChatRepository(tx);
    const conversation = await repository.createConversation(visitorId);
    await repository.insertMessages([
      {
        id: randomUUID(),
        conversationId: conversation.id,
        type: 'bot',
        content: greeting.reply,
        suggestions: greeting.suggestions,
        engine: 'builtin',
        createdAt: now,
      },
    ]);
    return conversation;
  });
  return toConversation(deps, row);
}

/** A conversation is read by its own visitor and by admins; to anyone else it does not exist. */
async function visibleConversation(deps: Pick<ChatDeps, 'db'>, access: ChatAccess, id: string): Promise<ConversationRow> {
  const row = await createChatRepository(deps.db).findConversation(id);
  if (!row || !(access.isAdmin || (access.visitorId !== null && row.visitorId === access.visitorId))) {
    throw chatErrors.conversationNotFound();
  }
  return row;
}

/** Only the visitor who started a conversation writes in it. */
async function ownConversation(deps: ChatDeps, visitorId: string | null, id: string): Promise<ConversationRow> {
  const row = await createChatRepository(deps.db).findConversation(id);
  if (!row || visitorId === null || row.visitorId !== visitorId) throw chatErrors.conversationNotFound();
  return row;
}

export async function readConversation(deps: ChatDeps, access: ChatAccess, id: string): Promise<ChatConversation> {
  return toConversation(deps, await visibleConversation(deps, access, id));
}

export async function latestConversation(deps: ChatDeps, visitorId: string | null): Promise<ChatConversation | null> {
  if (!visitorId) return null;
  const row = await createChatRepository(deps.db).latestConversation(visitorId);
  return row ? toConversation(deps, row) : null;
}

// ---------------------------------------------------------------- a turn

export type TurnInput = { text: string } | { intent: ChatIntent } | { contact: ContactCapture };

/** The form's answer as the visitor's message: 'Maria Silva — (11) 98765-4321 — maria@exemplo.com'. */
const contactMessage = (contact: ContactCapture) =>
  [contact.name, contact.whatsapp ? formatBrazilianPhone(contact.whatsapp) : null, contact.email].filter(Boolean).join(' — ');

/**
 * What the engine makes of a turn, with the name and contact asked once before the first PIX: a conversation
 * with no customer (here or in an earlier conversation of the same visitor) is asked before the PIX it was
 * about to be offered; its answer, once right, names the customer and gets that PIX.
 */
function analyzeTurn(
  engine: Engine,
  input: TurnInput,
  state: ChatConversationState,
  hasCustomer: boolean,
): { analysis: Analysis; contact: ContactCapture | null } {
  const pay = () => engine.analyzeIntent({ kind: 'pay' }, { ...state, awaitingContact: false });
  if ('contact' in input) return { analysis: contactReceived(input.contact, pay()), contact: input.contact };
  if ('text' in input && state.awaitingContact && !hasCustomer) {
    const parsed = parseContactMessage(input.text);
    const plain = engine.analyze(input.text, state);
    if (readsAsContact(input.text, parsed.ok, plain)) {
      if (parsed.ok) return { analysis: contactReceived(parsed.contact, pay()), contact: parsed.contact };
      return { analysis: contactProblems(parsed.problems, state), contact: null };
    }
  }
  const analysis = 'text' in input ? engine.analyze(input.text, state) : engine.analyzeIntent(input.intent, state);
  if (analysis.offer && !hasCustomer) return { analysis: askContactFirst(analysis, state), contact: null };
  return { analysis, contact: null };
}

export interface PreparedTurn {
  /** The visitor's message as it will be stored (its id is final). */
  userMessage: ChatMessage;
  analysis: Analysis;
  /** Writes the answer (streamed through the callbacks) and stores the turn in one transaction. */
  run(callbacks?: {
    onDelta?: (text: string) => void;
    onReset?: () => void;
    signal?: AbortSignal;
    /**
     * Runs in the transaction that stores the turn, with the turn as stored: what another channel writes
     * because of it (WhatsApp's messages to send) is written with it, or neither is.
     */
    onStored?: (tx: Transaction, exchange: ChatExchange) => Promise<void>;
  }): Promise<ChatExchange & { engine: WrittenAnswer['engine'] }>;
}

/**
 * Reads the question and decides the answer's facts, before anything is written: a refused turn
 * (someone else's conversation) leaves nothing behind.
 */
export async function prepareTurn(deps: ChatDeps, visitorId: string | null, conversationId: string, input: TurnInput): Promise<PreparedTurn> {
  const conversation = await ownConversation(deps, visitorId, conversationId);
  const { engine, knowledge } = await deps.assistant.current();
  const question = 'text' in input ? input.text : 'contact' in input ? contactMessage(input.contact) : chatIntentMessage(input.intent);
  // The same visitor named themselves in an earlier conversation: not asked again.
  const knownCustomer = conversation.customerId ?? (await createChatRepository(deps.db).visitorCustomer(conversation.visitorId));
  const { analysis, contact } = analyzeTurn(engine, input, conversation.state, knownCustomer !== null);
  const clock = deps.clock ?? (() => new Date());
  const userCreatedAt = clock();
  const userRow: NewMessageRow = {
    id: randomUUID(),
    conversationId,
    type: 'user',
    content: question,
    createdAt: userCreatedAt,
  };
  const userMessage = toChatMessage({
    ...userRow,
    content: question,
    imageUploadId: null,
    audioUploadId: null,
    feedback: null,
    engine: null,
    suggestions: [],
    paymentIntentId: null,
    asksContact: false,
    createdAt: userCreatedAt,
    paymentIntent: null,
  });

  return {
    userMessage,
    analysis,
    async run({ onDelta = () => {}, onReset = () => {}, signal, onStored } = {}) {
      const history = (await createChatRepository(deps.db).recentMessages(conversationId, HISTORY_FOR_MODEL)).map((message) => ({
        role: message.type === 'user' ? ('user' as const) : ('assistant' as const),
        // A visitor's contact is personal data: it never reaches the language model.
        content: message.type === 'user' ? withoutContact(message.content) : message.content,
      }));
      const written = await writeAnswer(
        { llm: deps.llm, logger: deps.logger },
        analysis,
        { question: withoutContact(question), history },
        { onDelta, onReset, signal },
      );
      if (written.fallback) deps.onLlmFallback?.(written.fallback);
      const botCreatedAt = new Date(Math.max(clock().getTime(), userCreatedAt.getTime() + 1));
      // The PSP's charge is created before the transaction (no network call holds it open).
      const recipient = knowledge.pixRecipient;
      const charge =
        analysis.offer && recipient && deps.payments
          ? await deps.payments.prepare({ conversationId, amount: analysis.offer.amount, title: analysis.offer.title, key: recipient.key })
          : null;
      const stored = await deps.db.transaction(async (tx) => {
        const repository = createChatRepository(tx);
        const customerId = contact ? (await identifyCustomer(tx, contact)).id : knownCustomer;
        if (customerId && customerId !== conversation.customerId) await repository.linkCustomer(conversationId, customerId);
        const intent = analysis.offer ? await createPaymentIntent(repository, conversation, analysis.offer, recipient, charge) : null;
        if (intent) {
          await deps.payments?.record(
            tx,
            {
              paymentIntentId: intent.id,
              conversationId,
              customerId,
              kind: intent.kind,
              itemName: intent.itemName,
              amount: intent.amount,
              txid: intent.txid,
              brCode: intent.brCode,
            },
            charge,
          );
        }
        const [user, bot] = await repository.insertMessages([
          userRow,
          {
            id: randomUUID(),
            conversationId,
            type: 'bot',
            content: written.content,
            engine: written.engine,
            suggestions: analysis.suggestions,
            paymentIntentId: intent?.id ?? null,
            asksContact: analysis.asksContact ?? false,
            createdAt: botCreatedAt,
          },
        ]);
        if (analysis.handoff) await repository.insertHandoff({ conversationId, messageId: user!.id, request: question });
        await repository.updateState(conversationId, intent ? analysis.state : withoutOffer(analysis.state, conversation.state));
        const exchange = { userMessage: toChatMessage({ ...user!, paymentIntent: null }), reply: toChatMessage({ ...bot!, paymentIntent: intent }) };
        await onStored?.(tx, exchange);
        return exchange;
      });
      return { ...stored, engine: written.engine };
    },
  };
}

/** A PIX could not be offered after all: the choice stays open, to be offered next time. */
function withoutOffer(next: ChatConversationState, previous: ChatConversationState): ChatConversationState {
  return next.offered === previous.offered ? next : { ...next, offered: previous.offered };
}

/** Identifies the conversation in the BR Code: the first 25 hexadecimal digits of its id. */
export const conversationTxid = (conversationId: string) => pixTxid(conversationId.replaceAll('-', ''));

async function createPaymentIntent(
  repository: ReturnType<typeof createChatRepository>,
  conversation: ConversationRow,
  offer: OfferRequest,
  recipient: PixRecipient | null,
  charge: PreparedCharge | null = null,
): Promise<PaymentIntentRow | null> {
  if (!recipient) return null;
  // A PSP's charge (its txid and copia-e-cola) when there is one; else the shop's static BR Code.
  const txid = charge?.txid ?? conversationTxid(conversation.id);
  let brCode: string;
  try {
    brCode =
      charge?.brCode ??
      buildPixPayload({ key: recipient.key, recipient: recipient.recipient, city: recipient.city, amount: offer.amount, description: offer.title, txid });
  } catch (error) {
    if (error instanceof PixError) return null;
    throw error;
  }
  return repository.insertPaymentIntent({
    id: randomUUID(),
    conversationId: conversation.id,
    kind: offer.kind,
    itemName: offer.title,
    planId: offer.kind === 'plan' ? offer.planId : null,
    period: offer.kind === 'plan' ? offer.period : null,
    credits: offer.kind === 'credits' ? offer.credits : null,
    amount: offer.amount,
    txid,
    brCode,
    pixKey: recipient.key,
    recipient: recipient.recipient,
    city: recipient.city,
    description: offer.title,
  });
}

// ---------------------------------------------------------------- files

export type ChatFileKind = 'image' | 'audio';
const BUCKETS = { image: 'chat-attachments', audio: 'chat-audio' } as const;

/** Checks that the visitor may write in the conversation before a byte of the file is read. */
export async function assertCanSendFile(deps: ChatDeps, visitorId: string | null, conversationId: string) {
  await ownConversation(deps, visitorId, conversationId);
}

/**
 * Stores a visitor's image or voice note in the conversation's owner's name (type from its content, size
 * while streaming, within the visitors' quotas), as /chat and WhatsApp do; a refused file leaves nothing.
 * Answers the upload and how to take it back if what refers to it is not written after all.
 */
export async function storeVisitorFile(
  deps: ChatDeps,
  conversation: Pick<ConversationRow, 'visitorId'>,
  kind: ChatFileKind,
  file: { body: Readable; clientName: string | undefined },
  /** Who sends it, for the per-address quota: the client's address (request.ip), or another channel's stand-in. */
  client: { address: string },
) {
  const quotas = deps.visitorUploadQuotas;
  const owner = { visitorId: conversation.visitorId, addressKey: uploadAddressKey(client.address) };
  // No room already (the total, this address's share or this visitor's): refused before a byte of the file is read.
  const full = quotas && (await visitorUploadRefusal(deps.db, owner, quotas, 'before'));
  if (full) throw full;
  const uploadDeps: UploadsDeps = { repository: createUploadsRepository(deps.db), storage: deps.storage, logger: deps.logger };
  const upload = await storeUpload(uploadDeps, {
    bucket: BUCKETS[kind],
    body: file.body,
    clientName: file.clientName,
    createdBy: null,
    visitor: owner,
    createdAt: deps.clock?.(),
  }).catch((error: unknown) => {
    throw chatFileError(error, kind);
  });
  // This file took a sum over: it goes again. Simultaneous uploads may each have seen room beforehand;
  // their checks take turns (keepWithinQuotas), so those that fit stay and no sum ends over its limit.
  const over = quotas && (await keepWithinQuotas(deps.db, owner, quotas, upload.id));
  if (over) {
    await deps.storage
      .delete(storageKey(upload))
      .catch((error: unknown) => deps.logger.error({ err: error, uploadId: upload.id }, 'arquivo do chat acima da cota não removido'));
    throw over;
  }
  const discard = () =>
    deleteUpload(uploadDeps, upload.id).catch((cleanupError: unknown) =>
      deps.logger.error({ err: cleanupError, uploadId: upload.id }, 'arquivo do chat órfão: mensagem não gravada e remoção falhou'),
    );
  return { upload, discard };
}

/**
 * Stores an image or a voice note (type from its content, size while streaming), then the visitor's
 * message and the assistant's acknowledgment in one transaction. A refused file leaves nothing.
 */
export async function sendFile(
  deps: ChatDeps,
  visitorId: string | null,
  conversationId: string,
  kind: ChatFileKind,
  file: { body: Readable; clientName: string | undefined },
  /** The client's address as the server sees it (request.ip: the forwarded one behind TRUST_PROXY). */
  client: { address: string },
): Promise<ChatExchange> {
  const conversation = await ownConversation(deps, visitorId, conversationId);
  const { upload, discard } = await storeVisitorFile(deps, conversation, kind, file, client);
  const { engine } = await deps.assistant.current();
  const analysis = engine.acknowledgeFile(kind, conversation.state);
  const clock = deps.clock ?? (() => new Date());
  const userCreatedAt = clock();
  try {
    const [user, bot] = await deps.db.transaction((tx) =>
      createChatRepository(tx).insertMessages([
        {
          id: randomUUID(),
          conversationId,
          type: 'user',
          content: '',
          ...(kind === 'image' ? { imageUploadId: upload.id } : { audioUploadId: upload.id }),
          createdAt: userCreatedAt,
        },
        {
          id: randomUUID(),
          conversationId,
          type: 'bot',
          content: analysis.reply,
          engine: 'builtin',
          suggestions: analysis.suggestions,
          createdAt: new Date(userCreatedAt.getTime() + 1),
        },
      ]),
    );
    return {
      userMessage: toChatMessage({ ...user!, paymentIntent: null }),
      reply: toChatMessage({ ...bot!, paymentIntent: null }),
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

function chatFileError(error: unknown, kind: ChatFileKind): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'uploads.type_not_allowed') return kind === 'image' ? chatErrors.imageTypeNotSupported() : chatErrors.audioTypeNotSupported();
  if (error.code === 'uploads.too_large') return kind === 'image' ? chatErrors.imageTooLarge() : chatErrors.audioTooLarge();
  return error;
}

/** The stored file of a message, for its visitor and for admins. */
export async function findConversationFile(deps: ChatDeps, access: ChatAccess, conversationId: string, uploadId: string) {
  await visibleConversation(deps, access, conversationId);
  const upload = await createChatRepository(deps.db).findConversationUpload(conversationId, uploadId);
  if (!upload) throw chatErrors.fileNotFound();
  return upload;
}

// ---------------------------------------------------------------- feedback

export async function setFeedback(
  deps: ChatDeps,
  visitorId: string | null,
  conversationId: string,
  messageId: string,
  feedback: 'positive' | 'negative' | null,
): Promise<ChatMessage> {
  await ownConversation(deps, visitorId, conversationId);
  const row = await createChatRepository(deps.db).setFeedback(conversationId, messageId, feedback);
  if (!row) throw chatErrors.messageNotFound();
  const full = (await createChatRepository(deps.db).listMessages(conversationId)).find((message) => message.id === row.id);
  return toChatMessage(full ?? { ...row, paymentIntent: null });
}

// ---------------------------------------------------------------- shortcuts

/**
 * Active shortcuts by orderIndex, as visitors see them: a PIX one with its BR Code, never a webhook's URL or secret.
 * A PIX shortcut pays the shop's PIX key (its own amount and description); until that key is set its `pix`
 * is null and the chat says payment is not configured.
 */
export async function listPublicShortcuts(deps: Pick<ChatDeps, 'db' | 'shopPix'>): Promise<PublicShortcut[]> {
  const [rows, pix] = await Promise.all([createChatRepository(deps.db).listActiveShortcuts(), deps.shopPix()]);
  return rows.map((row) => toPublicShortcut(row, pix));
}

export function toPublicShortcut(row: ShortcutRow, shopPix: PixRecipient | null): PublicShortcut {
  const pix = row.type === 'pix' && shopPix ? publicPix(row, shopPix) : null;
  // The demo's shortcut pays the shop's own key once there is one: no longer an example.
  const name = row.type === 'pix' && shopPix && row.name === DEMO_PIX_SHORTCUT_NAME ? SHOP_PIX_SHORTCUT_NAME : row.name;
  return { id: row.id, name, type: row.type, orderIndex: row.orderIndex, pix };
}

function publicPix(row: ShortcutRow, shop: PixRecipient): PublicShortcut['pix'] {
  const data = row.pixData;
  if (!data) return null;
  const value = typeof data.value === 'number' && data.value > 0 ? roundMoney(data.value) : null;
  try {
    const brCode = buildPixPayload({
      key: shop.key,
      recipient: shop.recipient,
      city: shop.city,
      amount: value ?? undefined,
      description: data.description,
    });
    return { key: shop.key, recipient: shop.recipient, city: shop.city, value, description: data.description ?? '', brCode };
  } catch (error) {
    if (error instanceof PixError) return null;
    throw error;
  }
}

/**
 * Runs a webhook shortcut on the server: one signed delivery through the job outbox (the delivery
 * row and its job written together), with the shortcut's payload plus timestamp, shortcut_id and
 * shortcut_name, and conversation_id when run from a conversation (the visitor's own). The browser
 * never learns the URL; it is told 'queued' here, and delivered or failed by shortcutRunStatus.
 */
export async function runWebhookShortcut(
  deps: Pick<ChatDeps, 'db' | 'clock'>,
  shortcutId: string,
  policy: {
    allowPrivate: boolean;
    /** The admin's test button runs an inactive shortcut too. */
    includeInactive?: boolean;
    /** The conversation it was run from, already checked to be the visitor's. */
    conversationId?: string;
  },
): Promise<{ deliveryId: string; status: 'queued' }> {
  const shortcut = await createChatRepository(deps.db).findActiveShortcut(shortcutId, { includeInactive: policy.includeInactive });
  if (!shortcut) throw chatErrors.shortcutNotFound();
  if (shortcut.type !== 'webhook') throw chatErrors.notAWebhookShortcut();
  if (!shortcut.webhookUrl?.trim()) throw chatErrors.webhookUrlMissing();
  const payload = {
    ...shortcut.payload,
    timestamp: (deps.clock ?? (() => new Date()))().toISOString(),
    shortcut_id: shortcut.id,
    shortcut_name: shortcut.name,
    ...(policy.conversationId ? { conversation_id: policy.conversationId } : {}),
  };
  const queued = await enqueueWebhook(
    deps.db,
    { endpointUrl: shortcut.webhookUrl, event: 'shortcut.run', payload, source: 'shortcut', sourceId: shortcut.id },
    { allowPrivate: policy.allowPrivate },
  );
  return { deliveryId: queued.deliveryId, status: 'queued' };
}

/** A visitor runs a shortcut from their conversation: only their own (anyone else's does not exist). */
export async function runShortcutInConversation(
  deps: ChatDeps,
  visitorId: string | null,
  shortcutId: string,
  conversationId: string | undefined,
  policy: { allowPrivate: boolean },
) {
  if (conversationId !== undefined) await ownConversation(deps, visitorId, conversationId);
  return runWebhookShortcut(deps, shortcutId, { ...policy, conversationId });
}

/**
 * What became of a shortcut run from a conversation, for its visitor (and admins): queued while it is
 * being sent or retried, then delivered or failed.
 */
export async function shortcutRunStatus(deps: ChatDeps, access: ChatAccess, conversationId: string, deliveryId: string): Promise<ShortcutRunState> {
  await visibleConversation(deps, access, conversationId);
  const run = await createChatRepository(deps.db).findConversationShortcutRun(conversationId, deliveryId);
  if (!run) throw chatErrors.shortcutRunNotFound();
  const name = typeof run.payload.shortcut_name === 'string' ? run.payload.shortcut_name : 'Atalho';
  // Not finished, but an attempt has already failed: another is due (or being sent).
  const status: ShortcutRunStatus = run.status === 'delivered' ? 'delivered' : run.status === 'failed' ? 'failed' : run.attempts > 0 ? 'retrying' : 'queued';
  return { deliveryId: run.id, shortcutName: name, status };
}

// ---------------------------------------------------------------- admin reads

/** The signing endpoint of a webhook shortcut (URL and secret), once it has been run: for the admin's receiver. */
export async function readShortcutEndpoint(deps: Pick<ChatDeps, 'db'>, shortcutId: string) {
  const endpoint = await createChatRepository(deps.db).findShortcutEndpoint(shortcutId);
  if (!endpoint) throw chatErrors.shortcutEndpointNotFound();
  return endpoint;
}

type AdminPage = Pick<ListQuery, 'page' | 'pageSize'>;

/** The execution log of shortcuts: one delivery per run, with every attempt. */
export async function listShortcutRuns(deps: Pick<ChatDeps, 'db'>, shortcutId: string | undefined, page: AdminPage) {
  const { rows, total } = await createChatRepository(deps.db).listShortcutRuns(shortcutId, page.pageSize, pageOffset(page));
  return toListEnvelope(
    rows.map(({ delivery, attempts }) => ({
      deliveryId: delivery.id,
      shortcutId: delivery.sourceId!,
      messageId: delivery.messageId,
      timestamp: delivery.createdAt.toISOString(),
      status: delivery.status,
      success: delivery.status === 'delivered',
      error: delivery.lastError,
      attempts: attempts.map((attempt) => ({
        attempt: attempt.attempt,
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
        createdAt: attempt.createdAt.toISOString(),
      })),
    })),
    total,
    page,
  );
}

export async function listConversationSummaries(deps: Pick<ChatDeps, 'db'>, page: AdminPage) {
  const { rows, total } = await createChatRepository(deps.db).listConversationSummaries(page.pageSize, pageOffset(page));
  return toListEnvelope(
    rows.map((row) => ({
      id: row.conversation.id,
      visitorId: row.conversation.visitorId,
      createdAt: row.conversation.createdAt.toISOString(),
      updatedAt: row.conversation.updatedAt.toISOString(),
      messageCount: row.messageCount,
      lastMessage: row.lastMessage,
      openHandoffs: row.openHandoffs,
      paymentIntents: row.paymentIntents,
      channel: row.conversation.channel,
    })),
    total,
    page,
  );
}

export const toHandoff = (row: HandoffRow) => ({
  id: row.id,
  conversationId: row.conversationId,
  request: row.request,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export const toPaymentIntent = (row: PaymentIntentRow) => ({
  id: row.id,
  conversationId: row.conversationId,
  kind: row.kind,
  itemName: row.itemName,
  planId: row.planId,
  period: row.period,
  credits: row.credits,
  amount: roundMoney(row.amount),
  txid: row.txid,
  brCode: row.brCode,
  createdAt: row.createdAt.toISOString(),
});

export async function readAdminConversation(deps: Pick<ChatDeps, 'db'>, id: string): Promise<AdminChatConversation> {
  const row = await visibleConversation(deps, { visitorId: null, isAdmin: true }, id);
  const repository = createChatRepository(deps.db);
  const [conversation, handoffs, intents, sends] = await Promise.all([
    toConversation(deps, row),
    repository.listHandoffs(100, 0, [id]),
    repository.listPaymentIntents(100, 0, [id]),
    row.channel === 'whatsapp' ? repository.whatsappSends(id) : Promise.resolve([]),
  ]);
  return {
    ...conversation,
    visitorId: row.visitorId,
    handoffs: handoffs.rows.map(toHandoff),
    paymentIntents: intents.rows.map(toPaymentIntent),
    channel: row.channel,
    handledByPerson: handoffs.rows.some((handoff) => handoff.status === 'open'),
    whatsappSends: sends.map((send) => ({
      id: send.id,
      chatMessageId: send.chatMessageId,
      kind: send.kind,
      status: send.status,
      error: send.status === 'failed' ? send.lastError : null,
      template: send.template,
      held: send.heldAt !== null,
      createdAt: send.createdAt.toISOString(),
    })),
  };
}

/**
 * The operator hands the conversation back to the assistant: its open hand-offs are closed (audited; on
 * WhatsApp the assistant answers the next message again). Nothing open: nothing changes.
 */
export async function handBack(deps: Pick<ChatDeps, 'db'>, actor: AdminActor, id: string): Promise<AdminChatConversation> {
  await visibleConversation(deps, { visitorId: null, isAdmin: true }, id);
  await adminWrite(deps.db, actor, { action: 'update', resource: 'chat_handoffs' }, async (tx) => {
    const closed = await createChatRepository(tx).closeHandoffs(id);
    return closed > 0 ? { recordId: id, before: { openHandoffs: closed }, after: { openHandoffs: 0 } } : null;
  });
  return readAdminConversation(deps, id);
}

export async function listHandoffs(deps: Pick<ChatDeps, 'db'>, page: AdminPage) {
  const { rows, total } = await createChatRepository(deps.db).listHandoffs(page.pageSize, pageOffset(page));
  return toListEnvelope(rows.map(toHandoff), total, page);
}

export async function listPaymentIntents(deps: Pick<ChatDeps, 'db'>, page: AdminPage) {
  const { rows, total } = await createChatRepository(deps.db).listPaymentIntents(page.pageSize, pageOffset(page));
  return toListEnvelope(rows.map(toPaymentIntent), total, page);
}

/** The admin's test question: the assistant in force answers it, and nothing is stored. */
export async function testAssistant(deps: ChatDeps, question: string, signal?: AbortSignal) {
  const { engine } = await deps.assistant.current();
  const analysis = engine.analyze(question, {});
  const written = await writeAnswer(
    { llm: deps.llm, logger: deps.logger },
    analysis,
    { question, history: [] },
    { onDelta: () => undefined, onReset: () => undefined, signal },
  );
  return { answer: written.content, engine: written.engine, ...(written.fallback ? { fallback: written.fallback } : {}) };
}
