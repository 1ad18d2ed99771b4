import { describe, expect, it } from 'vitest';
import { SEND_PENDING_REFETCH_MS, SEND_UNDER_WAY_REFETCH_MS, sendsRefetchInterval } from './get-admin-conversation';

describe('an open conversation read again while its WhatsApp sends move', () => {
  it('often while one waits to go, less often while one is on its way, never once all were read or failed', () => {
    expect(sendsRefetchInterval([{ status: 'read' }, { status: 'pending' }])).toBe(SEND_PENDING_REFETCH_MS);
    for (const status of ['accepted', 'sent', 'delivered'] as const) {
      expect(sendsRefetchInterval([{ status: 'read' }, { status }])).toBe(SEND_UNDER_WAY_REFETCH_MS);
    }
    expect(sendsRefetchInterval([{ status: 'read' }, { status: 'failed' }])).toBe(false);
    expect(sendsRefetchInterval([])).toBe(false);
  });
});
