import { describe, expect, it } from 'vitest';
import { sanitizeOriginalName, STORED_NAME, storedFileName, withDetectedExtension } from './uploads.file-name.ts';

describe('stored file names: upload time, a random part and the folded original name', () => {
  it.each([
    ['Logo da Operação.PNG', 'png', '1795566719137-0a1b2c3d-logo-da-operacao.png'],
    ['../../etc/passwd', 'png', '1795566719137-0a1b2c3d-passwd.png'],
    ['<script>alert(1)</script>.jpg', 'jpg', '1795566719137-0a1b2c3d-script.jpg'],
    ['日本語.pdf', 'pdf', '1795566719137-0a1b2c3d-arquivo.pdf'],
    ['.png', 'png', '1795566719137-0a1b2c3d-png.png'],
    ['contrato.exe', 'pdf', '1795566719137-0a1b2c3d-contrato.pdf'],
    [`${'a'.repeat(80)}.png`, 'png', `1795566719137-0a1b2c3d-${'a'.repeat(60)}.png`],
  ])('%s → %s', (original, extension, stored) => {
    const name = storedFileName(original, extension, { now: 1795566719137, random: '0a1b2c3d' });
    expect(name).toBe(stored);
    expect(STORED_NAME.test(name)).toBe(true);
  });

  it('gives two uploads of the same name in the same millisecond different names', () => {
    expect(storedFileName('logo.png', 'png', { now: 1 })).not.toBe(storedFileName('logo.png', 'png', { now: 1 }));
  });

  it('still serves the names of files stored before (the id and the extension)', () => {
    expect(STORED_NAME.test('0b7e4a8c-2f1d-4c3b-9a6e-1d2c3b4a5f60.png')).toBe(true);
    expect(STORED_NAME.test('..%2F..%2Fserver.lock')).toBe(false);
  });
});

describe('served names carry the extension of the detected type', () => {
  it.each([
    ['poly.html', 'png', 'poly.png'],
    ['x.exe', 'pdf', 'x.pdf'],
    ['contrato', 'pdf', 'contrato.pdf'],
    ['versão 1.2', 'pdf', 'versão 1.2.pdf'],
    ['Foto.JPEG', 'jpg', 'Foto.JPEG'],
    ['foto.jpg', 'jpg', 'foto.jpg'],
    ['nota.ogg', 'opus', 'nota.ogg'],
    ['pacote.tar.gz', 'zip', 'pacote.tar.zip'],
  ])('%s holding %s → %s', (name, extension, served) => {
    expect(withDetectedExtension(name, extension)).toBe(served);
  });

  it('keeps the extension when a long name is shortened', () => {
    const kept = sanitizeOriginalName(`${'a'.repeat(300)}.html`, 'png');
    expect(kept).toBe(`${'a'.repeat(196)}.png`);
  });
});
