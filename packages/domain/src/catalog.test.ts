import { describe, expect, it } from 'vitest';
import {
  appCategoryName,
  defaultPlanIcon,
  downloadRedeemBodySchema,
  downloadRedeemInputSchema,
  guessFeatureIcon,
  isPopularApp,
  isWellFormedDownloadCode,
  resolvePlanIcon,
  shortDescription,
  slugify,
  streamingCategoryName,
  streamingClientPrice,
} from './catalog.ts';

describe('plan icon', () => {
  it.each([
    ['Básico', 'Monitor'],
    ['BASICO', 'Monitor'],
    ['Plano básico anual', 'Monitor'],
    ['Premium', 'Crown'],
    ['premium plus', 'Crown'],
    ['Family', 'Home'],
    ['Família', 'Home'],
    ['Ultra', 'Package'],
    ['', 'Package'],
  ])('default for %j is %s', (name, icon) => {
    expect(defaultPlanIcon(name)).toBe(icon);
  });

  it.each([
    ['Star', 'Básico', 'Star'],
    [null, 'Básico', 'Monitor'],
    ['', 'Premium', 'Crown'],
    ['NotAnIcon', 'Family', 'Home'],
    ['<script>', 'Ultra', 'Package'],
  ])('stored %j on plan %j resolves to %s', (stored, name, icon) => {
    expect(resolvePlanIcon(stored, name)).toBe(icon);
  });
});

describe('feature icon guessed from its text', () => {
  it.each([
    ['+500 canais ao vivo', 'Tv'],
    ['Canal de esportes', 'Tv'],
    ['Transmissão AO VIVO', 'Tv'],
    ['+9.000 filmes', 'Film'],
    ['+2.000 séries', 'Play'],
    ['Série exclusiva', 'Play'],
    ['Qualidade 4K', 'Monitor'],
    ['Imagem em HD', 'Monitor'],
    ['1 tela simultânea', 'Smartphone'],
    ['4 telas simultâneas', 'Smartphone'],
    ['Qualquer dispositivo', 'Smartphone'],
    ['Até 6 perfis familiares', 'Users'],
    ['Perfil infantil', 'Users'],
    ['Suporte por chat', 'Headphones'],
    ['DVR de 500GB', 'Download'],
    ['Gravação na nuvem', 'Download'],
    ['Controle parental', 'Shield'],
    ['Tudo do Premium', 'Check'],
    ['', 'Check'],
  ])('%j → %s', (text, icon) => {
    expect(guessFeatureIcon(text)).toBe(icon);
  });
});

describe('app rules', () => {
  it.each([
    ['curta', 'curta'],
    ['a'.repeat(100), 'a'.repeat(100)],
    ['b'.repeat(150), 'b'.repeat(100)],
    ['ç'.repeat(101), 'ç'.repeat(100)],
  ])('short description of a %#', (description, expected) => {
    expect(shortDescription(description)).toBe(expected);
  });

  it.each([
    [0, false],
    [1000, false],
    [1001, true],
    [15200, true],
  ])('an app with %s downloads is popular: %s', (downloads, popular) => {
    expect(isPopularApp(downloads)).toBe(popular);
  });

  it.each([
    ['streaming', 'Streaming'],
    ['esportes', 'Esportes'],
    ['musica', 'Música'],
    ['infantil', 'Infantil'],
    ['documentarios', 'Documentários'],
    ['utilitarios', 'Utilitários'],
    ['jogos', 'Jogos'],
    ['tv-ao_vivo', 'Tv Ao Vivo'],
  ])('category %s is named %s', (id, name) => {
    expect(appCategoryName(id)).toBe(name);
  });

  it.each([
    ['filmes-series', 'Filmes e Séries'],
    ['esportes', 'Esportes'],
    ['musica', 'Música'],
    ['infantil', 'Infantil'],
    ['documentarios', 'Documentários'],
    ['novidades', 'Novidades'],
  ])('activation category %s is named %s', (id, name) => {
    expect(streamingCategoryName(id)).toBe(name);
  });

  it.each([
    [20, 30],
    [15, 22.5],
    [9.9, 14.85],
    [8.33, 12.5],
    // Exactly half a cent rounds up: 2.67 × 1.5 = 4.005, 0.01 × 1.5 = 0.015.
    [2.67, 4.01],
    [0.01, 0.02],
    [0, 0],
  ])('reseller price R$ %s → client price R$ %s', (reseller, client) => {
    expect(streamingClientPrice(reseller)).toBe(client);
  });
});

describe('download code input', () => {
  it.each([
    [' abc123 ', 'ABC123'],
    ['ABC123', 'ABC123'],
    ['x', 'X'],
  ])('%j is read as %j', (code, expected) => {
    expect(downloadRedeemInputSchema.parse({ code }).code).toBe(expected);
  });

  it.each([[''], ['   '], ['A'.repeat(33)]])('the form refuses %j', (code) => {
    expect(downloadRedeemInputSchema.safeParse({ code }).success).toBe(false);
  });

  it('the form refuses unknown fields', () => {
    expect(downloadRedeemInputSchema.safeParse({ code: 'ABC123', appId: 'x' }).success).toBe(false);
  });

  it('the route lets an empty or missing code through, for the server to answer "Código necessário"', () => {
    expect(downloadRedeemBodySchema.parse({ code: '  ' }).code).toBe('');
    expect(downloadRedeemBodySchema.parse({}).code).toBe('');
  });

  it.each([
    ['ABC123', true],
    [' abc123', true],
    ['ABC12', false],
    ['ABC1234', false],
    ['ABC-12', false],
  ])('%j is well formed: %s', (code, expected) => {
    expect(isWellFormedDownloadCode(code)).toBe(expected);
  });
});

describe('slugify', () => {
  it.each([
    ['Loja de Apps e códigos', 'loja-de-apps-e-codigos'],
    ['Vitrine Player', 'vitrine-player'],
    ['  Ação & Aventura!  ', 'acao-aventura'],
    ['Música 4K', 'musica-4k'],
    ['***', ''],
  ])('%s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});
