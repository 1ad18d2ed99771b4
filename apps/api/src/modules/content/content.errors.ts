// Errors of the site content: configuration sections and contact messages.
import { notFound } from '../../shared/errors.ts';

export const sectionNotFound = () => notFound('content.section_not_found', 'Seção de configuração não encontrada.');
