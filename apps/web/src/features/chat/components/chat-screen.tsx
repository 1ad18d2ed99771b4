import { Bot, MessageSquarePlus } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PixOffer, PublicShortcut } from '@vitrine/domain/chat';
import { parseChatIntent } from '@vitrine/domain/chat-intent-link';
import { CHAT_TEXTS } from '@vitrine/domain/chat-text';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useToastsBelow } from '@/lib/toast-placement';
import { useConversationPayments } from '../api/conversation-payments';
import { useShortcuts } from '../api/get-shortcuts';
import { runShortcut } from '../api/run-shortcut';
import { useChat } from '../hooks/use-chat';
import { Composer } from './composer';
import { MessageList, PendingGreeting } from './message-list';
import { PixDialog, type PixDetails } from './pix-dialog';
import { ShortcutBar } from './shortcut-bar';
import { ShortcutRunCard, type ShortcutRun } from './shortcut-run-card';

const offerDetails = (offer: PixOffer): PixDetails => ({
  title: offer.title,
  brCode: offer.brCode,
  key: offer.key,
  recipient: offer.recipient,
  city: offer.city,
  value: offer.value,
  description: offer.description,
});

/** `otherChannels`: the shop's contact channels, offered when a shortcut (a call for a person) could not be delivered. */
export function ChatScreen({ otherChannels }: { otherChannels?: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  // The intent of the storefront button that led here, read once; the address is then cleaned, so a
  // reload shows the conversation instead of stating the intent again.
  const [intent] = useState(() => parseChatIntent(location.search));
  const onIntentUsed = useCallback(() => void navigate('/chat', { replace: true }), [navigate]);
  const chat = useChat({ intent, onIntentUsed });
  const { data: shortcuts = [] } = useShortcuts();
  const [pix, setPix] = useState<PixDetails | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [runs, setRuns] = useState<ShortcutRun[]>([]);
  // The composer's microphone and send buttons sit where toasts go elsewhere: here they appear under the chat's header.
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);

  // 'PIX Aberto' is said inside the dialog (pix-dialog.tsx), where no toast can cover it.
  const openPix = useCallback((details: PixDetails) => setPix(details), []);

  const { pay, conversationId } = chat;
  const onShortcut = useCallback(
    async (shortcut: PublicShortcut) => {
      if (shortcut.type === 'pix') {
        // A PIX in the conversation is for what the visitor chose there: the assistant answers with it
        // (or asks what to pay for, or says the shop has no PIX key yet). Never the shortcut's own amount.
        await pay();
        return;
      }
      setRunning(shortcut.id);
      try {
        const queued = await runShortcut(shortcut.id, conversationId);
        // Registered, not done: a card in the conversation says so and follows it to delivered or failed.
        if (conversationId) setRuns((current) => [...current, { conversationId, deliveryId: queued.deliveryId, name: shortcut.name }]);
        else notify.info(CHAT_TEXTS.shortcutQueuedTitle, CHAT_TEXTS.shortcutQueued(shortcut.name));
      } catch (error) {
        const missingUrl = error instanceof ApiError && error.code === 'chat.webhook_url_missing';
        notify.error(CHAT_TEXTS.shortcutErrorTitle, missingUrl ? CHAT_TEXTS.webhookUrlMissing : CHAT_TEXTS.shortcutError(shortcut.name));
      } finally {
        setRunning(null);
      }
    },
    [pay, conversationId],
  );

  const ready = chat.status === 'ready';
  const composerDisabled = !ready || chat.busy;
  const { rate, sendText } = chat;

  // A run not delivered (yet) offers a person through the assistant, as its 'Falar com um humano' suggestion does.
  const askHuman = useCallback(() => void sendText(CHAT_TEXTS.askHuman), [sendText]);
  const shownRuns = runs.filter((run) => run.conversationId === conversationId);
  const tail = shownRuns.map((run) => (
    <ShortcutRunCard key={run.deliveryId} run={run} otherChannels={otherChannels} onAskHuman={askHuman} busy={composerDisabled} />
  ));
  const tailKey = shownRuns.map((run) => run.deliveryId).join(',');
  const payments = useConversationPayments(
    chat.conversationId,
    chat.messages.some((message) => message.pix !== null),
    chat.receiveMessages,
  );
  const listProps = useMemo(
    () => ({
      onRate: rate,
      onSuggestion: (text: string) => void sendText(text),
      onOpenPix: (offer: PixOffer) => openPix(offerDetails(offer)),
    }),
    [rate, sendText, openPix],
  );

  return (
    <main className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-4xl flex-col sm:px-4 sm:py-4">
      <section aria-labelledby="chat-title" className="bg-card flex min-h-0 flex-1 flex-col overflow-hidden border-y shadow-sm sm:rounded-2xl sm:border">
        <header ref={header} className="flex items-center justify-between gap-3 border-b px-3 py-2.5 sm:px-5">
          <div className="flex min-w-0 items-center gap-3">
            <div
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white"
            >
              <Bot className="size-5" />
            </div>
            <div className="min-w-0">
              <h1 id="chat-title" className="truncate font-semibold">
                Assistente IA
              </h1>
              <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
                <span aria-hidden className="size-2 rounded-full bg-emerald-500" />
                Online — responde na hora
              </p>
            </div>
          </div>
          <Button type="button" variant="outline" size="sm" disabled={!ready || chat.busy} onClick={() => void chat.newConversation()}>
            <MessageSquarePlus />
            <span className="hidden sm:inline">Nova conversa</span>
            <span className="sr-only sm:hidden">Nova conversa</span>
          </Button>
        </header>
        {chat.status === 'loading' ? (
          <PendingGreeting />
        ) : chat.status === 'error' ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm">
            <p>Não foi possível abrir o chat agora.</p>
            <Button type="button" variant="outline" onClick={() => window.location.reload()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <MessageList
            messages={chat.messages}
            typing={chat.typing}
            draft={chat.draft}
            busy={chat.busy}
            payments={payments.byIntent}
            onRenewPix={payments.renew}
            onContact={chat.sendContact}
            tail={tail}
            tailKey={tailKey}
            {...listProps}
          />
        )}
        <ShortcutBar shortcuts={shortcuts} running={running} busy={!ready || chat.busy} onRun={(shortcut) => void onShortcut(shortcut)} />
        <Composer
          disabled={composerDisabled}
          onSend={(text) => void chat.sendText(text)}
          onImage={(file) => void chat.sendImage(file)}
          onAudio={(audio, name) => void chat.sendAudio(audio, name)}
        />
      </section>
      <PixDialog pix={pix} onOpenChange={(open) => !open && setPix(null)} />
    </main>
  );
}
