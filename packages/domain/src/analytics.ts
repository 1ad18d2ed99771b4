import './zod-locale.ts';
import { z } from 'zod';

export const accessEventInputSchema = z.strictObject({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrerUrl: z.string().max(2048).nullish(),
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
});
export type AccessEventInput = z.infer<typeof accessEventInputSchema>;
