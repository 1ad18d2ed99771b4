import { CheckCircle2, Clock, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ShortcutRunStatus } from '@vitrine/domain/chat';
import { CHAT_TEXTS } from '@vitrine/domain/chat-text';
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
  delivered: { title: CHAT_TEXTS.shortcutDeliveredTitle, Icon: CheckCircle2, className: 'border-emerald-500/40 bg-emerald-500/10' },
  failed: { title: CHAT_TEXTS.shortcutFailedTitle, Icon: TriangleAlert, className: 'border-destructive/40 bg-destructive/5' },
};

/**
 * A shortcut run in the conversation, as it really is: registered, then delivered or failed (followed
 * live). A failed run offers the shop's other contact channels (`otherChannels`).
 */
export function ShortcutRunCard({ run, otherChannels }: { run: ShortcutRun; otherChannels?: ReactNode }) {
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

  // The channels of a failure arrive a moment later and make the card taller: it stays in view as it grows.
  useEffect(() => {
    const element = item.current;
    if (status !== 'failed' || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => element.scrollIntoView({ block: 'nearest' }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [status]);

  const { title, Icon, className } = LOOK[status];
  const text =
    status === 'queued'
      ? CHAT_TEXTS.shortcutQueued(run.name)
      : status === 'delivered'
        ? CHAT_TEXTS.shortcutDelivered(run.name)
        : CHAT_TEXTS.shortcutFailed(run.name);
  return (
    <li ref={item} className="flex justify-center" data-testid="shortcut-run" data-status={status}>
      <div role="status" className={cn('w-full max-w-md min-w-0 rounded-xl border px-3.5 py-2.5 text-sm break-words', className)}>
        <p className="flex items-center gap-2 font-medium">
          <Icon className="size-4 shrink-0" aria-hidden />
          {title}
        </p>
        <p className="text-muted-foreground mt-1">{text}</p>
        {status === 'failed' && otherChannels && <div className="mt-2">{otherChannels}</div>}
      </div>
    </li>
  );
}
