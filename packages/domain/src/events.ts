// The change event: what the server's event stream sends when a row changes, to every browser
// allowed to see that table. The browser refreshes the cached data of `table`.
import { z } from 'zod';

export const CHANGE_EVENT_NAME = 'change';

export const tableChangeSchema = z.object({
  table: z.string().min(1),
  op: z.enum(['insert', 'update', 'delete']),
  id: z.string().nullable(),
});
export type TableChange = z.infer<typeof tableChangeSchema>;
