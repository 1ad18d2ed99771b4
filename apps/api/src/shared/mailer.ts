// Outgoing e-mail: SMTP when SMTP_URL is set; otherwise each message's recipient and subject are logged.
// Either way it is kept in the email_outbox table, which admins can read.
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { recordOutgoingMail } from './mailer.repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** To a customer: the address is personal data, so the log lines name no recipient. */
  personal?: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ status: 'sent' | 'logged' | 'failed' }>;
}

export function createMailer({
  db,
  logger,
  smtpUrl,
  from = 'Vitrine <nao-responda@vitrine.local>',
}: {
  db: Database;
  logger: Logger;
  smtpUrl?: string;
  from?: string;
}): Mailer {
  // nodemailer loads with the first mail of a shop that has SMTP, not at every start.
  let transport: Promise<Transporter> | undefined;
  const smtp = smtpUrl;
  const transportFor = (url: string) => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    async send({ personal = false, ...message }) {
      const recipient = personal ? {} : { to: message.to };
      let status: 'sent' | 'logged' | 'failed' = 'logged';
      let error: string | undefined;
      if (smtp) {
        try {
          await (await transportFor(smtp)).sendMail({ from, ...message });
          status = 'sent';
        } catch (cause) {
          status = 'failed';
          error = cause instanceof Error ? cause.message : String(cause);
          // An SMTP error may quote the recipient: a customer's mail logs only its code.
          logger.error(personal ? { code: (cause as { code?: unknown }).code ?? null } : { err: cause, ...recipient }, 'falha ao enviar e-mail');
        }
      } else {
        // The body is not logged: it carries single-use links (reset, confirmation, invitation).
        logger.info({ ...recipient, subject: message.subject }, 'e-mail (sem SMTP_URL): registrado na caixa de saída');
      }
      await recordOutgoingMail(db, { ...message, status, error });
      return { status };
    },
  };
}
