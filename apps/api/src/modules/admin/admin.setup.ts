// The dashboard's first-run checklist ('Primeiros passos'): the shop's PIX key, the contact e-mail, SMTP,
// the public address, TMDB and a second admin. Settings are read as in force (the admin's or the
// environment's); SMTP and PUBLIC_URL only from the environment; admins are the active PRO users.
import { SETUP_STEPS, type SetupChecklist, type SetupStep } from '@vitrine/domain/admin';
import type { DbExecutor } from '../../db/client.ts';
import type { Settings } from '../../shared/settings.ts';
import { resolveShopPix } from '../../shared/shop-pix.ts';
import { createProUsersRepository } from '../access/pro-users.repository.ts';

export async function readSetupChecklist({
  db,
  settings,
  smtpConfigured,
  publicUrlMissing,
}: {
  db: DbExecutor;
  settings: Settings;
  smtpConfigured: boolean;
  /** PUBLIC_URL unset on a server others reach (config/env.ts): mailed links would point at localhost. */
  publicUrlMissing: boolean;
}): Promise<SetupChecklist> {
  const [pix, contactEmail, tmdbKey, admins] = await Promise.all([
    resolveShopPix(settings),
    settings.get('contact_email'),
    settings.get('tmdb_api_key'),
    createProUsersRepository(db).countActive(),
  ]);
  const done: Record<SetupStep, boolean> = {
    pix_key: pix !== null,
    contact_email: contactEmail !== undefined,
    smtp: smtpConfigured,
    public_url: !publicUrlMissing,
    tmdb: tmdbKey !== undefined,
    second_admin: admins >= 2,
  };
  return { steps: SETUP_STEPS.map((id) => ({ id, done: done[id] })) };
}
