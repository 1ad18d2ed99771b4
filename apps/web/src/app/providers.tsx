import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { useSession } from '@/features/auth/api/get-session';
import { connectEventStream } from '@/lib/event-stream';
import { createQueryClient } from '@/lib/query-client';
import { useToastPlacement } from '@/lib/toast-placement';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Before the pages: its subscription must exist when a page's first effect raises a toast. */}
      <PlacedToaster />
      <RealtimeConnection />
      {children}
    </QueryClientProvider>
  );
}

/** Toasts where the current screen wants them (lib/toast-placement.ts): bottom right unless it says otherwise. */
function PlacedToaster() {
  const { position, top } = useToastPlacement();
  const offset = top === undefined ? undefined : { top };
  return <Toaster position={position} offset={offset} mobileOffset={offset} />;
}

/** The event stream carries admin-only tables to PRO sessions: reconnect when the signed-in user changes. */
function RealtimeConnection() {
  const queryClient = useQueryClient();
  const { data } = useSession();
  const identity = data?.signedIn ? (data.email ?? 'signed-in') : 'anonymous';
  // REQUIRE_TWO_FACTOR: a session still without a second factor is refused the stream (403) until enrolment.
  const enrolling = data?.twoFactorRequired === true;
  useEffect(() => (enrolling ? undefined : connectEventStream(queryClient)), [queryClient, identity, enrolling]);
  return null;
}
