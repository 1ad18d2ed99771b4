// Paginated lists: one query shape and one answer envelope for every list the server pages.
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query string of a paged list: `page` from 1, `pageSize` 1..100 (20 by default), optional search and sort. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int('Página inválida.').min(1, 'Página inválida.').default(1),
  pageSize: z.coerce
    .number()
    .int('Tamanho de página inválido.')
    .min(1, 'Tamanho de página inválido.')
    .max(MAX_PAGE_SIZE, `Tamanho de página acima do máximo (${MAX_PAGE_SIZE}).`)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Paging only, for lists with a fixed order and no search. */
export const pageQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

/** `{ items, total, page, pageSize }`: `total` counts every matching row, not just this page. */
export const listEnvelopeSchema = <Item extends z.ZodTypeAny>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  });
export interface ListEnvelope<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** A page of rows and the count of all matching rows, as the envelope. */
export const toListEnvelope = <Item>(items: Item[], total: number, { page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>): ListEnvelope<Item> => ({
  items,
  total,
  page,
  pageSize,
});

/** Row offset of a page (page 1 starts at 0). */
export const pageOffset = ({ page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>) => (page - 1) * pageSize;
