import { describe, expect, it } from 'vitest';
import { defaultFooterConfig, defaultHeaderConfig, emailHref, matchesExactly, phoneHref, socialProfileHref, whatsappHref } from './site-config.ts';

describe('contact links', () => {
  it('makes phones tappable, e-mails mailto: and WhatsApp numbers wa.me links', () => {
    expect(phoneHref('+55 (11) 4000-1234')).toBe('tel:+551140001234');
    expect(phoneHref('(11) 4000-1234')).toBe('tel:1140001234');
    expect(phoneHref('a combinar')).toBeNull();
    expect(emailHref(' contato@loja.com.br ')).toBe('mailto:contato@loja.com.br');
    expect(emailHref('não informado')).toBeNull();
    expect(whatsappHref('+55 (11) 94000-1234')).toBe('https://wa.me/5511940001234');
  });

  it("shows only the shop's own social profiles, never a network's home page", () => {
    expect(socialProfileHref('https://instagram.com/minhaloja')).toBe('https://instagram.com/minhaloja');
    expect(socialProfileHref('https://www.facebook.com/minha.loja/')).toBe('https://www.facebook.com/minha.loja/');
    for (const placeholder of [
      undefined,
      '',
      'https://facebook.com',
      'https://facebook.com/',
      'https://twitter.com/?x=1',
      'http://instagram.com/loja',
      'javascript:alert(1)',
    ]) {
      expect(socialProfileHref(placeholder)).toBeNull();
    }
  });

  it('has no placeholder social links by default', () => {
    expect(Object.values(defaultFooterConfig.social).filter(Boolean)).toEqual([]);
  });
});

describe('the header', () => {
  it('links to the app activation page and to the app store', () => {
    expect(defaultHeaderConfig.navigation).toEqual(
      expect.arrayContaining([
        { label: 'Apps', href: '/apps/ativacao' },
        { label: 'Loja de Apps', href: '/apps' },
      ]),
    );
  });

  it('marks a link with another under it as current on its own address only', () => {
    const links = defaultHeaderConfig.navigation;
    expect(matchesExactly('/', links)).toBe(true);
    expect(matchesExactly('/apps', links)).toBe(true);
    expect(matchesExactly('/apps/ativacao', links)).toBe(false);
    expect(matchesExactly('/sobre', links)).toBe(false);
  });
});
