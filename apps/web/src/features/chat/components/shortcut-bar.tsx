import { ChevronDown, ChevronUp, QrCode, Zap } from 'lucide-react';
import { useState } from 'react';
import type { PublicShortcut } from '@vitrine/domain/chat';
import { SHORTCUTS_SHOWN } from '@vitrine/domain/chat-text';
import { Button } from '@/components/ui/button';

/** The active shortcuts by order: the first four, and a toggle for the rest. */
export function ShortcutBar({
  shortcuts,
  onRun,
  running,
  busy,
}: {
  shortcuts: PublicShortcut[];
  onRun: (shortcut: PublicShortcut) => void;
  running: string | null;
  /** An answer is being written: a PIX shortcut (a turn of the conversation) waits for it. */
  busy: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  if (!shortcuts.length) return null;
  const shown = expanded ? shortcuts : shortcuts.slice(0, SHORTCUTS_SHOWN);
  const hidden = shortcuts.length - SHORTCUTS_SHOWN;
  return (
    <div className="border-t px-3 py-2 sm:px-5">
      <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Atalhos">
        {shown.map((shortcut) => (
          <Button
            key={shortcut.id}
            type="button"
            variant="secondary"
            size="sm"
            className="h-8 max-w-full rounded-full"
            disabled={running === shortcut.id || (shortcut.type === 'pix' && busy)}
            onClick={() => onRun(shortcut)}
          >
            {shortcut.type === 'pix' ? <QrCode /> : <Zap />}
            <span className="truncate">{shortcut.name}</span>
          </Button>
        ))}
        {hidden > 0 && (
          <Button type="button" variant="ghost" size="sm" className="h-8 rounded-full" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
            {expanded ? <ChevronUp /> : <ChevronDown />}
            {expanded ? 'Mostrar menos' : `Mostrar mais (${hidden})`}
          </Button>
        )}
      </div>
    </div>
  );
}
