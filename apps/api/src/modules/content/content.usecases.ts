import { PUBLIC_CONFIG_SECTIONS } from '@vitrine/domain/content';
import { notFound } from '../../shared/errors.ts';
import type { ContentRepository } from './content.repository.ts';

const publicSections = new Set<string>(PUBLIC_CONFIG_SECTIONS);

export async function readPublicSection({ repository }: { repository: ContentRepository }, section: string) {
  if (!publicSections.has(section)) throw notFound('content.section_not_found', 'Seção de configuração não encontrada.');
  const rows = await repository.listActiveBySection(section);
  return { section, entries: Object.fromEntries(rows.map((row) => [row.configKey, row.configValue])) };
}
