import { Bot, Loader2, ThumbsDown, ThumbsUp, User } from 'lucide-react';
import { createElement, lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { ChatFeedback, ChatMessage, PixOffer } from '@vitrine/domain/chat';
import { CHAT_TEXTS } from '@vitrine/domain/chat-text';
import type { ContactCapture } from '@vitrine/domain/customers';
import type { ConversationPayment } from '@vitrine/domain/payments';
import type { WriteOutcome } from '@/components/form/write-outcome';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { isOnePlainParagraph, PARAGRAPH_CLASS } from '../lib/plain-text';
import { PixOfferBlock } from './pix-offer';
import { VoiceNote } from './voice-note';

// Made while the conversation loads (PendingGreeting), in a task of its own, not while the page's code loads
// nor inside the render that shows the messages: a page's first Intl formatter loads the browser's locale
// data (54-69 ms on a 4x slower phone, docs/benchmarks.md).
let timeFormatter: Intl.DateTimeFormat | undefined;
const timeFormat = () => (timeFormatter ??= new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }));
const formatTime = (at: string) => timeFormat().format(new Date(at));

/** An assistant's text as written, until (or should it never load) the Markdown renderer is here. */
const PlainText = ({ text }: { text: string }) => <p className={`${PARAGRAPH_CLASS} whitespace-pre-wrap`}>{text}</p>;

// The assistant's Markdown renderer (34 KB gzipped) is not part of the page's first load: it is requested
// while the conversation loads (PendingGreeting), once. Once here it renders at once; only a text shown
// before it arrives waits for it (Suspense), as written meanwhile.
type Renderer = ComponentType<{ text: string }>;
let loadedRenderer: Renderer | undefined;
let markdownRenderer: Promise<{ default: Renderer }> | undefined;
const loadAssistantMarkdown = () =>
  (markdownRenderer ??= import('./assistant-markdown')
    .catch(() => ({ default: PlainText }))
    .then((module) => {
      loadedRenderer = module.default;
      return module;
    }));
const AssistantMarkdown = lazy(loadAssistantMarkdown);

// The contact form (and the form primitive with it) loads when the assistant first asks for a contact, not with the page.
const ContactCaptureForm = lazy(() => import('./contact-capture-form'));

/** The greeting and other plain sentences are rendered as they will stay: no swap when the renderer arrives. */
function AssistantText({ text }: { text: string }) {
  if (isOnePlainParagraph(text)) return <p className={PARAGRAPH_CLASS}>{text}</p>;
  if (loadedRenderer) return createElement(loadedRenderer, { text });
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <AssistantMarkdown text={text} />
    </Suspense>
  );
}

function Avatar({ type }: { type: ChatMessage['type'] }) {
  return (
    <div
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full',
        type === 'bot' ? 'bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white' : 'bg-muted text-muted-foreground',
      )}
    >
      {type === 'bot' ? <Bot className="size-4" /> : <User className="size-4" />}
    </div>
  );
}

/**
 * While the conversation loads: the assistant's greeting at once (a new conversation opens with the
 * same words; a visitor's earlier one replaces it), and the loading said under it.
 */
export function PendingGreeting() {
  useEffect(() => {
    const timer = setTimeout(() => {
      timeFormat();
      void loadAssistantMarkdown();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="min-h-0 flex-1 overflow-hidden px-3 py-4 sm:px-5">
      <div className="flex gap-2.5">
        <Avatar type="bot" />
        <div className="flex max-w-[85%] min-w-0 flex-col gap-1.5 sm:max-w-[75%]">
          <div className="bg-muted min-w-0 rounded-2xl rounded-tl-sm px-3.5 py-2.5 text-sm break-words">
            <p className={PARAGRAPH_CLASS}>{CHAT_TEXTS.greeting}</p>
          </div>
          <p role="status" className="text-muted-foreground flex items-center gap-1.5 text-xs">
            <Loader2 aria-hidden className="size-3 animate-spin" />
            {CHAT_TEXTS.loadingConversation}
          </p>
        </div>
      </div>
    </div>
  );
}

export interface MessageListProps {
  messages: ChatMessage[];
  typing: boolean;
  /** The answer's text while it is being written. */
  draft: string | null;
  busy: boolean;
  onRate: (message: ChatMessage, feedback: ChatFeedback) => void;
  onSuggestion: (text: string) => void;
  onOpenPix: (offer: PixOffer) => void;
  /** The newest payment of each offered PIX, by payment intent (modules/payments). */
  payments?: Map<string, ConversationPayment>;
  onRenewPix?: (payment: ConversationPayment) => Promise<ConversationPayment | null>;
  /** The contact form's answer, under the last answer when it asks for a name and contact (`asksContact`). */
  onContact?: (contact: ContactCapture) => Promise<WriteOutcome>;
  /** Items after the messages (the shortcut runs), and a key that changes when they do, to scroll to them. */
  tail?: ReactNode;
  tailKey?: string;
}

export function MessageList({
  messages,
  typing,
  draft,
  busy,
  onRate,
  onSuggestion,
  onOpenPix,
  payments,
  onRenewPix,
  onContact,
  tail,
  tailKey,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, typing, draft, tailKey]);
  const lastBot = [...messages].reverse().find((message) => message.type === 'bot');

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-3 py-4 sm:px-5">
      <ol aria-label="Mensagens" aria-live="polite" className="flex flex-col gap-4">
        {messages.map((message) => (
          <li
            key={message.id}
            data-testid={message.type === 'bot' ? 'bot-message' : 'user-message'}
            className={cn('flex gap-2.5', message.type === 'user' && 'flex-row-reverse')}
          >
            <Avatar type={message.type} />
            <div className={cn('flex min-w-0 max-w-[85%] flex-col gap-1.5 sm:max-w-[75%]', message.type === 'user' && 'items-end')}>
              <div
                className={cn(
                  'min-w-0 rounded-2xl px-3.5 py-2.5 text-sm break-words',
                  message.type === 'bot' ? 'bg-muted rounded-tl-sm' : 'rounded-tr-sm bg-gradient-to-r from-violet-600 to-fuchsia-600 text-white',
                )}
              >
                {message.imageUrl && (
                  <img src={message.imageUrl} alt="Imagem enviada" className="max-h-64 w-auto max-w-full rounded-lg" data-testid="message-image" />
                )}
                {message.audioUrl && <VoiceNote src={message.audioUrl} />}
                {message.content &&
                  (message.type === 'bot' ? (
                    <div data-testid="message-content">
                      <AssistantText text={message.content} />
                    </div>
                  ) : (
                    <p className="whitespace-pre-wrap" data-testid="message-content">
                      {message.content}
                    </p>
                  ))}
                {message.pix && (
                  <PixOfferBlock offer={message.pix} payment={payments?.get(message.pix.paymentIntentId)} onOpen={onOpenPix} onRenew={onRenewPix} />
                )}
              </div>
              <div className="text-muted-foreground flex items-center gap-1 text-xs">
                <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                {message.type === 'bot' && !message.id.startsWith('local-') && (
                  <span className="ml-1 flex items-center" role="group" aria-label="Avaliar resposta">
                    <FeedbackButton label="Resposta útil" pressed={message.feedback === 'positive'} onClick={() => onRate(message, 'positive')}>
                      <ThumbsUp />
                    </FeedbackButton>
                    <FeedbackButton label="Resposta não útil" pressed={message.feedback === 'negative'} onClick={() => onRate(message, 'negative')}>
                      <ThumbsDown />
                    </FeedbackButton>
                  </span>
                )}
              </div>
              {/* Kept while its own answer is on its way, so a refused one still has what was typed. */}
              {message === lastBot && message.asksContact && onContact && (
                <Suspense fallback={<div className="bg-muted h-40 w-full animate-pulse rounded-xl" aria-hidden />}>
                  <ContactCaptureForm onSubmit={onContact} />
                </Suspense>
              )}
              {message === lastBot && message.suggestions.length > 0 && !typing && !draft && (
                <div className="flex flex-wrap gap-1.5" role="group" aria-label="Sugestões">
                  {message.suggestions.map((suggestion) => (
                    <Button
                      key={suggestion}
                      type="button"
                      variant="outline"
                      size="sm"
                      className="h-7 rounded-full text-xs"
                      disabled={busy}
                      onClick={() => onSuggestion(suggestion)}
                    >
                      {suggestion}
                    </Button>
                  ))}
                </div>
              )}
            </div>
          </li>
        ))}
        {tail}
        {draft && (
          <li className="flex gap-2.5" data-testid="bot-draft">
            <Avatar type="bot" />
            <div className="bg-muted max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm px-3.5 py-2.5 text-sm break-words sm:max-w-[75%]">
              <AssistantText text={draft} />
            </div>
          </li>
        )}
        {typing && (
          <li className="flex gap-2.5" aria-label="O assistente está digitando" data-testid="typing-indicator">
            <Avatar type="bot" />
            <div className="bg-muted flex items-center gap-1 rounded-2xl rounded-tl-sm px-4 py-3">
              {[0, 150, 300].map((delay) => (
                <span key={delay} className="bg-muted-foreground/60 size-2 animate-bounce rounded-full" style={{ animationDelay: `${delay}ms` }} />
              ))}
            </div>
          </li>
        )}
      </ol>
    </div>
  );
}

function FeedbackButton({ label, pressed, onClick, children }: { label: string; pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'hover:bg-accent inline-flex size-7 items-center justify-center rounded transition-colors [&_svg]:size-3.5',
        pressed ? 'text-violet-600 dark:text-violet-400 [&_svg]:fill-current' : 'text-muted-foreground',
      )}
    >
      {children}
    </button>
  );
}
