import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, fileTypeNotAllowedMessage, INLINE_IMAGE_TYPES, UPLOAD_BUCKETS, uploadBuckets } from './uploads.ts';

describe('upload buckets', () => {
  it('tell the user the limits in the specification’s words', () => {
    expect(fileTooLargeMessage(uploadBuckets['provider-logos'].maxBytes)).toBe('Arquivo muito grande. Tamanho máximo: 5MB');
    expect(fileTooLargeMessage(uploadBuckets['chat-attachments'].maxBytes)).toBe('Arquivo muito grande. Tamanho máximo: 10MB');
    expect(fileTypeNotAllowedMessage(uploadBuckets['provider-documents'].accepts)).toBe('Tipo de arquivo não permitido. Tipos aceitos: PDF, JPG, PNG, WebP');
  });

  it('keep every size within the 32-bit column that records it', () => {
    for (const bucket of UPLOAD_BUCKETS) expect(uploadBuckets[bucket].maxBytes).toBeLessThan(2 ** 31);
  });

  it('never accept SVG or HTML, and show inline only raster images', () => {
    const accepted = UPLOAD_BUCKETS.flatMap((bucket) => uploadBuckets[bucket].accepts.map((type) => type.mime));
    expect(accepted.filter((mime) => /svg|html|xml|javascript/.test(mime))).toEqual([]);
    expect([...INLINE_IMAGE_TYPES].every((mime) => /^image\/(png|jpeg|gif|webp|avif)$/.test(mime))).toBe(true);
  });

  it('hand out signed links only for private buckets', () => {
    for (const bucket of UPLOAD_BUCKETS) {
      if (uploadBuckets[bucket].signedLinks) expect(uploadBuckets[bucket].access, bucket).toBe('private');
    }
  });
});
