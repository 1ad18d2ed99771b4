// The admin's shortcuts: the audited resource, the drag-and-drop order (chat.admin.usecases.ts) and a test
// run of a webhook shortcut.
import type { FastifyInstance } from 'fastify';
import { PIX_DATA_MISSING, WEBHOOK_URL_MISSING } from '@vitrine/domain/chat-admin';
import { adminShortcutActionsContract, adminShortcutsContract } from '@vitrine/domain/chat-admin.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { badRequest } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { registerAdminResource } from '../admin/admin.resource.ts';
import { createChatAdminRepository, shortcutsAdminTable } from './chat.admin.repository.ts';
import { reorderShortcuts, SHORTCUT_HIDDEN_FIELDS } from './chat.admin.usecases.ts';
import { runWebhookShortcut } from './chat.usecases.ts';

export async function chatAdminRoutes(app: FastifyInstance, { db, allowPrivateWebhooks }: { db: Database; allowPrivateWebhooks: boolean }) {
  registerAdminResource(app, db, {
    contract: adminShortcutsContract,
    resource: 'shortcuts',
    ...shortcutsAdminTable,
    hidden: SHORTCUT_HIDDEN_FIELDS,
    // A new shortcut goes last: orderIndex = count + 1.
    toInsert: async (body, tx) => ({ ...body, orderIndex: (await createChatAdminRepository(tx).countShortcuts()) + 1 }),
    check: (record) => {
      if (record.type === 'webhook' && !record.webhookUrl) throw badRequest('admin.shortcuts.webhook_url_missing', WEBHOOK_URL_MISSING);
      if (record.type === 'pix' && !record.pixData) throw badRequest('admin.shortcuts.pix_data_missing', PIX_DATA_MISSING);
    },
  });

  route(app, adminShortcutActionsContract.reorder, {}, async (request) => {
    const rows = await reorderShortcuts(db, await adminActor(request), request.body.ids);
    return rows as never;
  });

  route(app, adminShortcutActionsContract.test, {}, async (request, reply) => {
    const result = await runWebhookShortcut({ db }, request.params.id, { allowPrivate: allowPrivateWebhooks, includeInactive: true });
    return reply.status(202).send(result);
  });
}
