import { PUBLIC_CONFIG_SECTIONS, wellFormedConfigEntries, type ContactMessageCreated, type ContactMessageInput } from '@vitrine/domain/content';
import { sectionNotFound } from './content.errors.ts';
import type { ContentRepository } from './content.repository.ts';

const publicSections = new Set<string>(PUBLIC_CONFIG_SECTIONS);

export async function readPublicSection({ repository }: { repository: ContentRepository }, section: string) {
  if (!publicSections.has(section)) throw sectionNotFound();
  const rows = await repository.listActiveBySection(section);
  return { section, entries: wellFormedConfigEntries(section, Object.fromEntries(rows.map((row) => [row.configKey, row.configValue]))) };
}

/**
 * Stores a contact message (admins read them) and, when a contact e-mail is set (by the admin or
 * CONTACT_EMAIL), queues its forward by
 * e-mail with it. The mail goes out after the answer and is retried: a mail failure loses nothing.
 */
export async function submitContactMessage(
  { repository, resolveContactEmail }: { repository: ContentRepository; resolveContactEmail: () => Promise<string | undefined> },
  input: ContactMessageInput,
): Promise<ContactMessageCreated> {
  const contactEmail = await resolveContactEmail();
  const forward = contactEmail
    ? {
        to: contactEmail,
        subject: `[Contato] ${input.subject}`.slice(0, 250),
        text: [`Nome: ${input.name}`, `E-mail: ${input.email}`, `Assunto: ${input.subject}`, '', input.message].join('\n'),
      }
    : undefined;
  const row = await repository.insertContactMessage(input, forward);
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
