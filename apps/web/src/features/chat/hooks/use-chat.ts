// The conversation on screen: loaded from the server (it survives a reload), the visitor's messages
// shown at once, the assistant's answer after the specification's delay with a typing indicator,
// streamed text as it is written.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatFeedback, ChatMessage } from '@vitrine/domain/chat';
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import { chatIntentMessage } from '@vitrine/domain/chat-intent-link';
import { BOT_REPLY_DELAY_MS, CHAT_TEXTS, FILE_ACK_DELAY_MS } from '@vitrine/domain/chat-text';
// Types only: the customers' module holds schemas, and Zod is not part of the chat's first load.
import type { ContactCapture } from '@vitrine/domain/customers';
import type { WriteOutcome } from '@/components/form/write-outcome';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { getConversation, latestConversationQueryOptions } from '../api/get-conversation';
import { sendFile } from '../api/send-file';
import { sendMessage, type MessageStreamHandlers } from '../api/send-message';
import { setFeedback } from '../api/set-feedback';
import { startConversation } from '../api/start-conversation';

export type ChatStatus = 'loading' | 'ready' | 'error';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : 'Erro inesperado. Tente novamente.');

function localMessage(fields: Partial<ChatMessage>): ChatMessage {
  return {
    id: `local-${crypto.randomUUID()}`,
    type: 'user',
    content: '',
    createdAt: new Date().toISOString(),
    feedback: null,
    imageUrl: null,
    audioUrl: null,
    suggestions: [],
    pix: null,
    ...fields,
  };
}

export function useChat({ intent, onIntentUsed }: { intent: ChatIntent | null; onIntentUsed: () => void }) {
  const queryClient = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>('loading');
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const conversationRef = useRef<string | null>(null);
  const feedbackWrites = useRef(new Map<string, Promise<void>>());

  /**
   * One turn: the visitor's message at once; the answer (or its streamed text) not before `delayMs`.
   * A refused turn takes the visitor's message back and says why; it resolves to how the turn ended.
   */
  const turn = useCallback(
    async (
      optimistic: ChatMessage,
      request: (handlers: MessageStreamHandlers) => Promise<{ userMessage: ChatMessage | null; reply: ChatMessage }>,
      { delayMs, errorTitle, onSuccess }: { delayMs: number; errorTitle: string; onSuccess?: () => void },
    ): Promise<WriteOutcome> => {
      setMessages((current) => [...current, optimistic]);
      setTyping(true);
      setBusy(true);
      let delayed = false;
      let streamed = '';
      const delay = wait(delayMs).then(() => {
        delayed = true;
        if (streamed) {
          setTyping(false);
          setDraft(streamed);
        }
      });
      try {
        const result = await request({
          onUserMessage: (stored) => setMessages((current) => current.map((message) => (message.id === optimistic.id ? stored : message))),
          onText: (text) => {
            streamed = text;
            if (!delayed) return;
            setTyping(!text);
            setDraft(text || null);
          },
        });
        await delay;
        setMessages((current) => [
          // The reply may already be there: an operator's message read meanwhile brings the stored answer with it.
          ...current.filter((message) => message.id !== optimistic.id && message.id !== result.userMessage?.id && message.id !== result.reply.id),
          result.userMessage ?? optimistic,
          result.reply,
        ]);
        onSuccess?.();
        return { ok: true };
      } catch (error) {
        setMessages((current) => current.filter((message) => message.id !== optimistic.id));
        notify.error(errorTitle, errorMessage(error));
        return { ok: false, title: errorTitle, description: errorMessage(error) };
      } finally {
        for (const url of [optimistic.imageUrl, optimistic.audioUrl]) if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
        setTyping(false);
        setDraft(null);
        setBusy(false);
      }
    },
    [],
  );

  const sendIntent = useCallback(
    (id: string, chosen: ChatIntent) =>
      turn(localMessage({ content: chatIntentMessage(chosen) }), (handlers) => sendMessage(id, { intent: chosen }, handlers), {
        delayMs: BOT_REPLY_DELAY_MS,
        errorTitle: 'Erro ao enviar mensagem',
      }),
    [turn],
  );

  const begin = useCallback(async () => {
    const conversation = await startConversation();
    conversationRef.current = conversation.id;
    setConversationId(conversation.id);
    setMessages(conversation.messages);
    queryClient.setQueryData(latestConversationQueryOptions.queryKey, { conversation });
    return conversation;
  }, [queryClient]);

  // Arriving with an intent starts a conversation where it is already stated and answered;
  // otherwise the visitor's latest conversation comes back (or a new one starts).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (intent) {
          const conversation = await begin();
          setStatus('ready');
          onIntentUsed();
          await sendIntent(conversation.id, intent);
          return;
        }
        const { conversation } = await queryClient.fetchQuery(latestConversationQueryOptions);
        if (conversation) {
          conversationRef.current = conversation.id;
          setConversationId(conversation.id);
          setMessages(conversation.messages);
        } else {
          await begin();
        }
        setStatus('ready');
      } catch (error) {
        setStatus('error');
        notify.error('Erro ao abrir o chat', errorMessage(error));
      }
    })();
  }, [begin, intent, onIntentUsed, queryClient, sendIntent]);

  const sendText = useCallback(
    (text: string) => {
      const id = conversationRef.current;
      const content = text.trim();
      if (!id || !content) return Promise.resolve();
      return turn(localMessage({ content }), (handlers) => sendMessage(id, { text: content }, handlers), {
        delayMs: BOT_REPLY_DELAY_MS,
        errorTitle: 'Erro ao enviar mensagem',
      });
    },
    [turn],
  );

  /**
   * The contact form's answer to the assistant's question (a message with `asksContact`): the name and the
   * WhatsApp and/or e-mail as the schema read them. Resolves to how it ended, so a refused one keeps the form's fields.
   */
  const sendContact = useCallback(
    (contact: ContactCapture): Promise<WriteOutcome> => {
      const id = conversationRef.current;
      if (!id) return Promise.resolve({ ok: false, title: 'Erro ao enviar mensagem', description: 'A conversa ainda não abriu. Tente novamente.' });
      // Shown until the server's stored message (in its own words) takes its place.
      const content = [contact.name, contact.whatsapp, contact.email].filter(Boolean).join(', ');
      return turn(localMessage({ content }), (handlers) => sendMessage(id, { contact }, handlers), {
        delayMs: BOT_REPLY_DELAY_MS,
        errorTitle: 'Erro ao enviar mensagem',
      });
    },
    [turn],
  );

  const sendImage = useCallback(
    (file: File) => {
      const id = conversationRef.current;
      if (!id) return Promise.resolve();
      return turn(localMessage({ imageUrl: URL.createObjectURL(file) }), () => sendFile(id, 'image', file, file.name), {
        delayMs: FILE_ACK_DELAY_MS,
        errorTitle: CHAT_TEXTS.uploadErrorTitle,
        onSuccess: () => notify.success(CHAT_TEXTS.fileSent),
      });
    },
    [turn],
  );

  const sendAudio = useCallback(
    (audio: Blob, fileName: string) => {
      const id = conversationRef.current;
      if (!id) return Promise.resolve();
      return turn(localMessage({ audioUrl: URL.createObjectURL(audio) }), () => sendFile(id, 'audio', audio, fileName), {
        delayMs: FILE_ACK_DELAY_MS,
        errorTitle: CHAT_TEXTS.uploadErrorTitle,
        onSuccess: () => notify.success(CHAT_TEXTS.audioSent),
      });
    },
    [turn],
  );

  /** 'Pagar com PIX' (the PIX shortcut): the assistant answers with a PIX for what was chosen, or asks what to pay for. */
  const pay = useCallback(() => {
    const id = conversationRef.current;
    if (!id) return Promise.resolve();
    return sendIntent(id, { kind: 'pay' });
  }, [sendIntent]);

  /** Thumbs up or down on an answer; the same thumb again clears it. */
  const rate = useCallback(async (message: ChatMessage, feedback: ChatFeedback) => {
    const id = conversationRef.current;
    if (!id) return;
    const next = message.feedback === feedback ? null : feedback;
    const apply = (value: ChatFeedback | null) =>
      setMessages((current) => current.map((candidate) => (candidate.id === message.id ? { ...candidate, feedback: value } : candidate)));
    apply(next);
    // Writes for one message go out one after another, so quick clicks reach the server in the order they were made.
    const previous = feedbackWrites.current.get(message.id) ?? Promise.resolve();
    const write = previous.then(async () => {
      try {
        await setFeedback(id, message.id, next);
      } catch (error) {
        apply(message.feedback);
        notify.error('Erro ao registrar avaliação', errorMessage(error));
      }
    });
    feedbackWrites.current.set(message.id, write);
    await write;
    if (feedbackWrites.current.get(message.id) === write) feedbackWrites.current.delete(message.id);
  }, []);

  /**
   * Someone else wrote in this conversation (the operator's delivery, told by the server's event stream): the
   * conversation is read again and the assistant's messages not on screen yet are added, in their order. The
   * visitor's own messages come with their turn, so a turn under way is never shown twice.
   */
  const receiveMessages = useCallback(async () => {
    const id = conversationRef.current;
    if (!id) return;
    try {
      const stored = await getConversation(id);
      if (conversationRef.current !== id) return;
      setMessages((current) => {
        const shown = new Set(current.map((message) => message.id));
        const added = stored.messages.filter((message) => message.type === 'bot' && !shown.has(message.id));
        return added.length === 0 ? current : [...current, ...added];
      });
    } catch {
      // Read again at the next event or reload; nothing the visitor did is lost.
    }
  }, []);

  const newConversation = useCallback(async () => {
    try {
      setBusy(true);
      await begin();
    } catch (error) {
      notify.error('Erro ao iniciar conversa', errorMessage(error));
    } finally {
      setBusy(false);
    }
  }, [begin]);

  return { conversationId, messages, status, typing, draft, busy, sendText, sendContact, sendImage, sendAudio, pay, rate, newConversation, receiveMessages };
}
