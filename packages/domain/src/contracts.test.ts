import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPath, buildQuery, defineEndpoint, endpointUrl } from './contracts.ts';
import { allEndpoints as all } from './endpoints.ts';

describe('buildPath', () => {
  it('fills and encodes every :param', () => {
    expect(buildPath('/api/apps/:appId/files/:platform', { appId: 'a b/c', platform: 'tv-box' })).toBe('/api/apps/a%20b%2Fc/files/tv-box');
  });

  it('refuses a missing or empty param instead of reaching another route', () => {
    expect(() => buildPath('/api/apps/:appId/files', {})).toThrow('appId');
    expect(() => buildPath('/api/apps/:appId/files', { appId: '' })).toThrow('appId');
  });

  it('cannot be walked out of its segment', () => {
    expect(buildPath('/api/media/titles/:mediaType/:id', { mediaType: 'movie', id: '../../admin' })).toBe('/api/media/titles/movie/..%2F..%2Fadmin');
    expect(() => buildPath('/api/media/titles/:mediaType/:id', { mediaType: '..', id: '1' })).toThrow('mediaType');
    expect(() => buildPath('/api/media/titles/:mediaType/:id', { mediaType: 'movie', id: '.' })).toThrow('id');
  });
});

describe('buildQuery', () => {
  it('leaves out undefined and null, repeats arrays and encodes values', () => {
    expect(buildQuery({ a: 1, b: undefined, c: null, d: ['x', 'y z'], e: 'ç&=' })).toBe('?a=1&d=x&d=y%20z&e=%C3%A7%26%3D');
  });

  it('is empty when nothing is left', () => {
    expect(buildQuery({ a: undefined })).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('endpointUrl', () => {
  it('joins the filled path and the query string', () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/api/things/:id',
      tag: 't',
      access: 'public',
      summary: 's',
      params: z.object({ id: z.string() }),
      query: z.object({ page: z.number().optional() }),
      responses: { 200: z.object({}) },
    });
    expect(endpointUrl(endpoint, { params: { id: '7' }, query: { page: 2 } })).toBe('/api/things/7?page=2');
  });
});

describe('every contract', () => {
  it('has one method and path, never declared twice', () => {
    const keys = all.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a schema for each :param of its path, and no param the path lacks', () => {
    for (const endpoint of all) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(declared, `${endpoint.method} ${endpoint.path}`).toEqual(inPath);
    }
  });

  it('has a success answer, a Portuguese summary and no body on a read', () => {
    for (const endpoint of all) {
      const label = `${endpoint.method} ${endpoint.path}`;
      expect(
        Object.keys(endpoint.responses).some((status) => Number(status) < 400),
        label,
      ).toBe(true);
      expect(endpoint.summary.length, label).toBeGreaterThan(10);
      if (endpoint.method === 'GET') expect(endpoint.body, label).toBeUndefined();
    }
  });
});
