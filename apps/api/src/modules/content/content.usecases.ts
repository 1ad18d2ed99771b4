import { PUBLIC_CONFIG_SECTIONS, type ContactMessageInput, type ContactMessageCreated } from '@vitrine/domain/content';
import type { Logger } from 'pino';
import type { Mailer } from '../../shared/mailer.ts';
import { notFound } from '../../shared/errors.ts';
import type { ContentRepository } from './content.repository.ts';

const publicSections = new Set<string>(PUBLIC_CONFIG_SECTIONS);

export async function readPublicSection({ repository }: { repository: ContentRepository }, section: string) {
  if (!publicSections.has(section)) throw notFound('content.section_not_found', 'Seção de configuração não encontrada.');
  const rows = await repository.listActiveBySection(section);
  return { section, entries: Object.fromEntries(rows.map((row) => [row.configKey, row.configValue])) };
}

/**
 * Stores a contact message and, when CONTACT_EMAIL is set, forwards it by e-mail
 * (decisions.md, Things the specification leaves as no-ops). A mail failure does not lose the message.
 */
export async function submitContactMessage(
  {
    repository,
    mailer,
    contactEmail,
    logger,
  }: { repository: ContentRepository; mailer?: Mailer; contactEmail?: string; logger?: Pick<Logger, 'warn'> },
  input: ContactMessageInput,
): Promise<ContactMessageCreated> {
  const row = await repository.insertContactMessage(input);
  if (mailer && contactEmail) {
    try {
      await mailer.send({
        to: contactEmail,
        subject: `[Contato] ${input.subject}`.slice(0, 250),
        text: [`Nome: ${input.name}`, `E-mail: ${input.email}`, `Assunto: ${input.subject}`, '', input.message].join('\n'),
      });
    } catch (error) {
      logger?.warn({ err: error, contactMessageId: row.id }, 'falha ao encaminhar a mensagem de contato por e-mail');
    }
  }
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
