// The admin's content writes beyond the generic resource: a configuration entry by its section and key (made
// when missing, refused when another admin's save came since the screen read it) and a contact message marked
// read or unread, each audited in its transaction.
import { NO_ROW_AFFECTED } from '@vitrine/domain/admin';
import type { Database } from '../../db/client.ts';
import { adminWrite, type AdminActor } from '../../shared/audit/audit.ts';
import { staleEdit } from '../../shared/edit-version.ts';
import { notFound } from '../../shared/errors.ts';
import { serializeRow } from '../admin/admin.resource.ts';
import { createContentRepository } from './content.repository.ts';

export interface ConfigEntryWrite {
  section: string;
  key: string;
  /** Already checked against the key's shape, when it has one. */
  value: unknown;
  isActive?: boolean;
  /** The entry's updatedAt as the screen read it; null: the screen saw no entry. */
  expectedUpdatedAt: string | null;
}

export async function saveConfigEntry(db: Database, actor: AdminActor, entry: ConfigEntryWrite) {
  const result = await adminWrite(db, actor, { action: 'update', resource: 'site-config' }, async (tx) => {
    const written = await createContentRepository(tx).upsertConfig(entry);
    if (written.stale) throw staleEdit('site-config', written.current ? serializeRow(written.current) : null, 'value');
    const { current, row } = written;
    return { recordId: row.id, before: current ? serializeRow(current) : null, after: serializeRow(row) };
  });
  if (!result) throw notFound('admin.site-config.not_found', NO_ROW_AFFECTED.update);
  return result.after;
}

export async function markContactMessage(db: Database, actor: AdminActor, id: string, read: boolean) {
  const result = await adminWrite(db, actor, { action: 'update', resource: 'contact-messages' }, async (tx) => {
    const marked = await createContentRepository(tx).markContactMessage(id, read);
    return marked ? { recordId: id, before: serializeRow(marked.current), after: serializeRow(marked.row) } : null;
  });
  if (!result) throw notFound('admin.contact-messages.not_found', NO_ROW_AFFECTED.update);
  return result.after;
}
