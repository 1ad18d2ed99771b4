import { describe, expect, it } from 'vitest';
import { afterSignInPath, returnTo } from './after-sign-in';

const pro = { isPro: true };
const notPro = { isPro: false };

describe('where /auth goes once signed in', () => {
  it('takes a PRO user to the admin panel, and anyone else home', () => {
    expect(afterSignInPath(null, pro)).toBe('/admin');
    expect(afterSignInPath(undefined, pro)).toBe('/admin');
    expect(afterSignInPath(null, notPro)).toBe('/');
    expect(afterSignInPath(null)).toBe('/');
  });

  it('goes back to the page of this site that sent the visitor there, PRO or not', () => {
    expect(afterSignInPath(returnTo('/pricing-calculator?aba=consolidado'), pro)).toBe('/pricing-calculator?aba=consolidado');
    expect(afterSignInPath(returnTo('/admin/security'), notPro)).toBe('/admin/security');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', ''])('never follows %j to another site', (next) => {
    expect(afterSignInPath({ next }, pro)).toBe('/admin');
    expect(afterSignInPath({ next }, notPro)).toBe('/');
  });
});
