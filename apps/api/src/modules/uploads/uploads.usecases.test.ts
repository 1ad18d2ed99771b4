import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/database.ts';
import { createDiskStorage } from '../../shared/storage/disk-storage.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { sanitizeOriginalName } from './uploads.file-name.ts';
import type { UploadsRepository } from './uploads.repository.ts';
import { filesUnder, PNG } from './uploads.test-support.ts';
import { storeUpload } from './uploads.usecases.ts';

describe('the original name kept for an upload', () => {
  it.each([
    ['logo.png', 'logo.png'],
    // The content was detected as a PNG: the name ends as one, whatever the uploader called it.
    ['  Relatório final.pdf  ', 'Relatório final.png'],
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\ana\\evil.png', 'evil.png'],
    ['pasta/', 'arquivo.png'],
    ['/', 'arquivo.png'],
    ['...', 'arquivo.png'],
    ['', 'arquivo.png'],
    [undefined, 'arquivo.png'],
    ['fatura\u202Egnp.exe', 'faturagnp.png'],
    ['linha\r\nquebrada.png', 'linhaquebrada.png'],
    ['zero\u200Bwidth.png', 'zerowidth.png'],
    ['cafe\u0301.png', 'café.png'],
    [`${'😀'.repeat(250)}.png`, `${'😀'.repeat(196)}.png`],
  ])('%j is kept as %j', (raw, kept) => {
    expect(sanitizeOriginalName(raw, 'png')).toBe(kept);
  });
});

describe('storing an upload', () => {
  let dataDir: string;
  let storage: FileStorage;
  const logged: unknown[] = [];
  const logger = { error: (details: unknown) => void logged.push(details) };

  beforeAll(async () => {
    dataDir = tempDir('vitrine-uploads-');
    storage = await createDiskStorage({ root: path.join(dataDir, 'uploads') });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('removes the stored file again when its record cannot be written', async () => {
    const databaseDown = new Error('a conexão com o banco caiu');
    const repository = {
      insert: async () => {
        throw databaseDown;
      },
    } as unknown as UploadsRepository;

    await expect(
      storeUpload({ repository, storage, logger }, { bucket: 'provider-logos', body: Readable.from([PNG]), clientName: 'logo.png', createdBy: null }),
    ).rejects.toBe(databaseDown);
    expect(filesUnder(dataDir)).toEqual([]);
  });
});
