import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';

/**
 * What wraps the router, in the browser and in the build's prerendered first paint alike, and after it what
 * only the browser runs once it has hydrated a prerendered page (`afterHydration`, main.tsx). Both trees have
 * the same shape whether or not that part is there: React numbers `useId`'s ids by their place in the tree,
 * and a sibling of the router in the browser's tree only gave every id under it another number than the
 * page's (an opened FAQ answer was then labelled by a question id that was not in the page).
 */
export function AppRoot({ children, afterHydration }: { children: ReactNode; afterHydration?: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders>
          {children}
          {afterHydration}
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>
  );
}
