import { describe, expect, it } from 'vitest';
import { formatPercent, SITE_CLAIMS } from './site-claims.ts';

describe('the claims the site makes about itself', () => {
  it('writes percentages the Brazilian way', () => {
    expect(formatPercent(99.9)).toBe('99,9%');
    expect(formatPercent(98)).toBe('98%');
    expect(formatPercent(99.95)).toBe('99,95%');
  });

  it('states one uptime, in pt-BR', () => {
    expect(SITE_CLAIMS.uptime).toBe('99,9%');
  });
});
