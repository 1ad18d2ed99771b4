// The admin's shortcuts: the audited resource, the drag-and-drop order (renumbered from 1, audited
// as one update per moved shortcut) and a test run of a webhook shortcut.
import type { FastifyInstance } from 'fastify';
import { PIX_DATA_MISSING, WEBHOOK_URL_MISSING } from '@vitrine/domain/chat-admin';
import { adminShortcutActionsContract, adminShortcutsContract } from '@vitrine/domain/chat-admin.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { recordAudit } from '../../shared/audit/audit.ts';
import { badRequest, conflict } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { registerAdminResource, serializeRow } from '../admin/admin.resource.ts';
import { createChatAdminRepository, shortcutsAdminTable } from './chat.admin.repository.ts';
import { runWebhookShortcut } from './chat.usecases.ts';

const HIDDEN = ['webhookSecret'];
const toItem = (row: Record<string, unknown>) => serializeRow(row, HIDDEN);

export async function chatAdminRoutes(app: FastifyInstance, { db, allowPrivateWebhooks }: { db: Database; allowPrivateWebhooks: boolean }) {
  registerAdminResource(app, db, {
    contract: adminShortcutsContract,
    resource: 'shortcuts',
    ...shortcutsAdminTable,
    hidden: HIDDEN,
    // A new shortcut goes last: orderIndex = count + 1.
    toInsert: async (body, tx) => ({ ...body, orderIndex: (await createChatAdminRepository(tx).countShortcuts()) + 1 }),
    check: (record) => {
      if (record.type === 'webhook' && !record.webhookUrl) throw badRequest('admin.shortcuts.webhook_url_missing', WEBHOOK_URL_MISSING);
      if (record.type === 'pix' && !record.pixData) throw badRequest('admin.shortcuts.pix_data_missing', PIX_DATA_MISSING);
    },
  });

  route(app, adminShortcutActionsContract.reorder, {}, async (request) => {
    const actor = await adminActor(request);
    const { ids } = request.body;
    if (new Set(ids).size !== ids.length) throw badRequest('admin.shortcuts.order_repeated', 'A nova ordem repete um atalho.');
    return db.transaction(async (tx) => {
      const repository = createChatAdminRepository(tx);
      const current = await repository.listShortcutsForUpdate();
      // The order names every shortcut once: one made or removed meanwhile by someone else is a conflict.
      const known = new Set(current.map((row) => row.id));
      if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
        throw conflict('admin.shortcuts.order_stale', 'Os atalhos mudaram enquanto você reordenava. Recarregue a lista e tente de novo.');
      }
      const byId = new Map(current.map((row) => [row.id, row]));
      for (const [position, id] of ids.entries()) {
        const before = byId.get(id)!;
        if (before.orderIndex === position + 1) continue;
        const after = await repository.setShortcutPosition(id, position + 1);
        await recordAudit(tx, actor, { action: 'update', resource: 'shortcuts', recordId: id, before: toItem(before), after: toItem(after!) });
      }
      const rows = await repository.listShortcutsByIds(ids);
      return rows.map(toItem) as never;
    });
  });

  route(app, adminShortcutActionsContract.test, {}, async (request, reply) => {
    const result = await runWebhookShortcut({ db }, request.params.id, { allowPrivate: allowPrivateWebhooks, includeInactive: true });
    return reply.status(202).send(result);
  });
}
