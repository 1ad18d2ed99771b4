import type { AnalyticsRepository } from './analytics.repository.ts';

/** The referrer's host, or 'direct' when there is none. */
export function sourceFromReferrer(referrerUrl: string | null | undefined): string {
  if (!referrerUrl) return 'direct';
  try {
    const host = new URL(referrerUrl).hostname;
    return host || 'direct';
  } catch {
    return 'direct';
  }
}

export async function recordAccessEvent(
  { repository }: { repository: AnalyticsRepository },
  input: { path: string; referrerUrl?: string | null; sessionId: string; userAgent?: string | null },
) {
  await repository.insertAccessEvent({
    path: input.path,
    referrerUrl: input.referrerUrl || null,
    source: sourceFromReferrer(input.referrerUrl),
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    sessionId: input.sessionId,
  });
}
