import { describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES, checkChatImage, formatRecordingTime, sendChatMessageBodySchema, sniffChatImage } from './chat.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF', 0);
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const GIF = bytes('GIF89a', 1, 0, 1, 0, 0, 0);
const WEBP = bytes('RIFF', 0x24, 0, 0, 0, 'WEBP');
const PDF = bytes('%PDF-1.4', 0x0a, 0, 0, 0);

describe('chat images', () => {
  it('are told by their first bytes: JPEG, PNG, GIF and WebP only', () => {
    expect([JPEG, PNG, GIF, WEBP].map(sniffChatImage)).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    expect(sniffChatImage(PDF)).toBeNull();
    expect(sniffChatImage(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffChatImage(bytes('<svg'))).toBeNull();
    expect(sniffChatImage(new Uint8Array())).toBeNull();
  });

  it('are refused with the specification’s messages: a PDF named .png, an unlisted extension, more than 10 MB', () => {
    expect(checkChatImage({ name: 'foto.png', size: 100, firstBytes: PDF })).toBe('Tipo de imagem não suportado. Use: JPG, PNG, GIF ou WebP');
    expect(checkChatImage({ name: 'foto.bmp', size: 100, firstBytes: PNG })).toBe('Tipo de imagem não suportado. Use: JPG, PNG, GIF ou WebP');
    expect(checkChatImage({ name: 'foto.JPEG', size: CHAT_IMAGE_MAX_BYTES + 1, firstBytes: JPEG })).toBe('Arquivo muito grande. Tamanho máximo: 10MB');
    expect(CHAT_IMAGE_MAX_BYTES).toBe(10_485_760);
  });

  it('are accepted up to exactly 10 MB, whatever the case of the extension', () => {
    for (const [name, firstBytes] of [
      ['a.jpg', JPEG],
      ['b.JPEG', JPEG],
      ['c.png', PNG],
      ['d.gif', GIF],
      ['e.webp', WEBP],
    ] as const) {
      expect(checkChatImage({ name, size: CHAT_IMAGE_MAX_BYTES, firstBytes })).toBeNull();
    }
  });
});

describe('the recording timer', () => {
  it('reads m:ss', () => {
    expect([0, 1, 59, 60, 75, 600, 3.9].map(formatRecordingTime)).toEqual(['0:00', '0:01', '0:59', '1:00', '1:15', '10:00', '0:03']);
  });
});

describe('a chat message', () => {
  it('is typed text or a storefront intent, never both and never blank', () => {
    expect(sendChatMessageBodySchema.parse({ text: '  oi  ' })).toEqual({ text: 'oi' });
    expect(sendChatMessageBodySchema.safeParse({ intent: { kind: 'support' } }).success).toBe(true);
    const blank = sendChatMessageBodySchema.safeParse({ text: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Escreva uma mensagem.');
    expect(sendChatMessageBodySchema.safeParse({}).success).toBe(false);
    expect(sendChatMessageBodySchema.safeParse({ text: 'oi', intent: { kind: 'support' } }).success).toBe(false);
    expect(sendChatMessageBodySchema.safeParse({ text: 'x'.repeat(2001) }).success).toBe(false);
    expect(sendChatMessageBodySchema.safeParse({ text: 'oi', extra: 1 }).success).toBe(false);
  });
});
