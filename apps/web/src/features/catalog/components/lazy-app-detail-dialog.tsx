import { lazy, Suspense, useState } from 'react';
import type { PublicApp } from '@vitrine/domain/catalog';

// The dialog carries the carousel; it is fetched the first time a visitor opens an app.
const AppDetailDialog = lazy(() => import('./app-detail-dialog').then((module) => ({ default: module.AppDetailDialog })));

/** The selected app and a dialog that loads on first use. */
export function useAppDetailDialog() {
  const [selected, setSelected] = useState<PublicApp | null>(null);
  const [used, setUsed] = useState(false);
  const open = (app: PublicApp) => {
    setUsed(true);
    setSelected(app);
  };
  const dialog = used ? (
    <Suspense fallback={null}>
      <AppDetailDialog app={selected} onOpenChange={(isOpen) => !isOpen && setSelected(null)} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
