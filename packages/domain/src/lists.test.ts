import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listEnvelopeSchema, listQuerySchema, pageOffset } from './lists.ts';

describe('list query', () => {
  it('defaults to the first page of 20', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 20, order: 'asc' });
  });
  it('coerces query-string numbers and refuses pages over 100 in Portuguese', () => {
    expect(listQuerySchema.parse({ page: '3', pageSize: '50' })).toMatchObject({ page: 3, pageSize: 50 });
    const result = listQuerySchema.safeParse({ pageSize: '101' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Tamanho de página acima do máximo (100).');
    expect(listQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('computes the row offset of a page', () => {
    expect(pageOffset({ page: 1, pageSize: 20 })).toBe(0);
    expect(pageOffset({ page: 3, pageSize: 10 })).toBe(20);
  });
  it('describes the envelope', () => {
    const schema = listEnvelopeSchema(z.object({ id: z.string() }));
    expect(schema.parse({ items: [{ id: 'a' }], total: 41, page: 1, pageSize: 20 }).total).toBe(41);
    expect(schema.safeParse({ items: [], total: -1, page: 1, pageSize: 20 }).success).toBe(false);
  });
});
