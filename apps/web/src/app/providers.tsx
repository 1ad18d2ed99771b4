import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth/api/get-session';
import { connectEventStream } from '@/lib/event-stream';
import { createQueryClient } from '@/lib/query-client';
import { useToasterWanted } from '@/lib/toast';

// A toast region that could not be downloaded (offline) leaves the page as it is.
const Toaster = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('@/components/ui/sonner').then(
      (module) => ({ default: module.Toaster }),
      () => ({ default: () => null }),
    ),
);

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LazyToaster />
      <RealtimeConnection />
      {children}
    </QueryClientProvider>
  );
}

/** The toast region, from the first toast on (its code is not part of the first load). */
function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** The event stream carries admin-only tables to PRO sessions: reconnect when the signed-in user changes. */
function RealtimeConnection() {
  const queryClient = useQueryClient();
  const { data } = useSession();
  const identity = data?.signedIn ? (data.email ?? 'signed-in') : 'anonymous';
  useEffect(() => connectEventStream(queryClient), [queryClient, identity]);
  return null;
}
