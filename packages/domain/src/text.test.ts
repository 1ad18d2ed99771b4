import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './text.ts';

describe('storable text', () => {
  it.each([
    ['a NUL character', 'Olá\u0000mundo', false],
    ['a lone high surrogate', 'abc\uD83D', false],
    ['a lone low surrogate', '\uDE00abc', false],
    ['a reversed surrogate pair', '\uDE00\uD83D', false],
    ['plain Portuguese', 'Ação, coração e pão', true],
    ['an emoji (a complete surrogate pair)', 'Ótimo 😀', true],
    ['tabs and newlines', 'linha 1\n\tlinha 2', true],
    ['an empty string', '', true],
  ])('%s is storable: %s', (_reason, text, expected) => {
    expect(isStorableText(text)).toBe(expected);
  });

  it('points at the first unstorable field of a request body, nested or not', () => {
    expect(findUnstorableText({ name: 'Ana', message: 'oi\u0000' })).toEqual(['message']);
    expect(findUnstorableText({ items: [{ title: 'ok' }, { title: '\u0000' }] })).toEqual(['items', 1, 'title']);
    expect(findUnstorableText({ entries: { 'chave\u0000': 'valor' } })).toEqual(['entries', 'chave\u0000']);
    expect(findUnstorableText('\u0000')).toEqual([]);
  });

  it('finds nothing in storable bodies, numbers and empty values', () => {
    expect(findUnstorableText({ name: 'Ana', age: 30, tags: ['a', 'b'], nested: { ok: true, none: null } })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(null)).toBeNull();
  });

  it('walks a 30,000-deep value in linear time, and names the path of a hit at the bottom', () => {
    const depth = 30_000;
    let deep: unknown = 'fundo\u0000';
    for (let level = 0; level < depth; level++) deep = level % 2 ? { a: deep } : [deep];
    const started = Date.now();
    const path = findUnstorableText(deep);
    // Copying the path at every level took seconds and hundreds of megabytes at this depth.
    expect(Date.now() - started).toBeLessThan(500);
    expect(path).toHaveLength(depth);
    expect(path?.slice(0, 2)).toEqual(['a', 0]);
    expect(findUnstorableText(JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBeNull();
  });
});
