import { describe, expect, it } from 'vitest';
import { readTableChange } from './events.ts';

describe('readTableChange', () => {
  it('reads a change and keeps only its three fields', () => {
    expect(readTableChange({ table: 'plans', op: 'update', id: 'a1', extra: true })).toEqual({ table: 'plans', op: 'update', id: 'a1' });
    expect(readTableChange({ table: 'plans', op: 'delete', id: null })).toEqual({ table: 'plans', op: 'delete', id: null });
  });

  it.each([
    null,
    'plans',
    [],
    {},
    { table: '', op: 'insert', id: null },
    { table: 1, op: 'insert', id: null },
    { table: 'plans', op: 'upsert', id: null },
    { table: 'plans', op: 'insert' },
    { table: 'plans', op: 'insert', id: 7 },
  ])('refuses %j', (payload) => {
    expect(readTableChange(payload)).toBeNull();
  });
});
