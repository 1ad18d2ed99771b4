import { CheckCircle2, Clock, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ShortcutRunStatus } from '@vitrine/domain/chat';
import { CHAT_TEXTS } from '@vitrine/domain/chat-text';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useShortcutRun } from '../api/get-shortcut-run';

export interface ShortcutRun {
  conversationId: string;
  deliveryId: string;
  name: string;
}

const LOOK: Record<ShortcutRunStatus, { title: string; Icon: typeof Clock; className: string }> = {
  queued: { title: CHAT_TEXTS.shortcutQueuedTitle, Icon: Clock, className: 'border-border bg-muted/60' },
  retrying: { title: CHAT_TEXTS.shortcutRetryingTitle, Icon: RefreshCw, className: 'border-amber-500/40 bg-amber-500/10' },
  delivered: { title: CHAT_TEXTS.shortcutDeliveredTitle, Icon: CheckCircle2, className: 'border-emerald-500/40 bg-emerald-500/10' },
  failed: { title: CHAT_TEXTS.shortcutFailedTitle, Icon: TriangleAlert, className: 'border-destructive/40 bg-destructive/5' },
};

/**
 * A shortcut run in the conversation, as it really is: registered, not delivered yet (an attempt failed,
 * the server tries again), then delivered or failed (followed live). While it is not delivered the card
 * offers what else the visitor can do: the shop's other contact channels (`otherChannels`) and asking
 * the assistant for a person (`onAskHuman`).
 */
export function ShortcutRunCard({
  run,
  otherChannels,
  onAskHuman,
  busy = false,
}: {
  run: ShortcutRun;
  otherChannels?: ReactNode;
  onAskHuman?: () => void;
  /** The conversation is answering: asking for a person waits. */
  busy?: boolean;
}) {
  const { data } = useShortcutRun(run.conversationId, run.deliveryId);
  const status: ShortcutRunStatus = data?.status ?? 'queued';
  const told = useRef<ShortcutRunStatus>('queued');
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (status === told.current) return;
    told.current = status;
    // The card grew (a failure lists the channels): keep it in view, and say the outcome where the visitor may be looking.
    item.current?.scrollIntoView({ block: 'nearest' });
    if (status === 'delivered') notify.success(CHAT_TEXTS.shortcutDeliveredTitle, CHAT_TEXTS.shortcutDelivered(run.name));
    if (status === 'failed') notify.error(CHAT_TEXTS.shortcutFailedTitle, CHAT_TEXTS.shortcutFailedNotice(run.name));
  }, [status, run.name]);

  const unsent = status === 'retrying' || status === 'failed';
  // The channels of a failure arrive a moment later and make the card taller: it stays in view as it grows.
  useEffect(() => {
    const element = item.current;
    if (!unsent || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => element.scrollIntoView({ block: 'nearest' }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [unsent]);

  const { title, Icon, className } = LOOK[status];
  const text = {
    queued: CHAT_TEXTS.shortcutQueued,
    retrying: CHAT_TEXTS.shortcutRetrying,
    delivered: CHAT_TEXTS.shortcutDelivered,
    failed: CHAT_TEXTS.shortcutFailed,
  }[status](run.name);
  return (
    <li ref={item} className="flex justify-center" data-testid="shortcut-run" data-status={status}>
      <div role="status" className={cn('w-full max-w-md min-w-0 rounded-xl border px-3.5 py-2.5 text-sm break-words', className)}>
        <p className="flex items-center gap-2 font-medium">
          <Icon className="size-4 shrink-0" aria-hidden />
          {title}
        </p>
        <p className="text-muted-foreground mt-1">{text}</p>
        {unsent && otherChannels && <div className="mt-2">{otherChannels}</div>}
        {unsent && onAskHuman && (
          <Button type="button" variant="outline" size="sm" className="mt-2 h-7 rounded-full text-xs" disabled={busy} onClick={onAskHuman}>
            {CHAT_TEXTS.askHuman}
          </Button>
        )}
      </div>
    </li>
  );
}
