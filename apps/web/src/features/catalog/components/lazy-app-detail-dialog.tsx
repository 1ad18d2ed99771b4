import { lazy, Suspense, useRef, useState } from 'react';
import type { PublicApp } from '@vitrine/domain/catalog';

// The dialog carries the carousel; it is fetched the first time a visitor opens an app.
const AppDetailDialog = lazy(() => import('./app-detail-dialog').then((module) => ({ default: module.AppDetailDialog })));

/** The selected app and a dialog that loads on first use. */
export function useAppDetailDialog() {
  const [selected, setSelected] = useState<PublicApp | null>(null);
  const [used, setUsed] = useState(false);
  // The dialog opens without a Radix trigger, so focus is handed back to the opener by hand.
  const opener = useRef<HTMLElement | null>(null);
  const open = (app: PublicApp) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setUsed(true);
    setSelected(app);
  };
  const dialog = used ? (
    <Suspense fallback={null}>
      <AppDetailDialog
        app={selected}
        onOpenChange={(isOpen) => !isOpen && setSelected(null)}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      />
    </Suspense>
  ) : null;
  return { open, dialog };
}
