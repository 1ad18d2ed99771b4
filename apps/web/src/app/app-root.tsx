import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';

/** What wraps the router, in the browser and in the build's prerendered first paint alike. */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders>{children}</AppProviders>
      </AppErrorBoundary>
    </StrictMode>
  );
}
