import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@vitrine/domain/uploads';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { uploads as uploadsTable } from '../../db/schema.ts';
import { createStorageFromEnv } from '../../shared/storage/storage-from-env.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { adminEnv, createConfirmedProUser, listPro, signInAsAdmin } from '../access/access.test-support.ts';
import { createFileLinkSigner } from './uploads.links.ts';
import { EXE, filesUnder, HTML, multipartBody, PDF, PNG, pngOfSize, SVG, uploadRows, type FormFile } from './uploads.test-support.ts';

const MiB = 1024 * 1024;

describe('uploading and serving files', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const upload = async (bucket: string, file: FormFile, cookie: string | undefined = admin) => {
    const body = await multipartBody([file]);
    return t.app.inject({
      method: 'POST',
      url: `/api/uploads/${bucket}`,
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  };
  const serve = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** Runs `attempt` and checks it left no file under DATA_DIR/uploads and no row in `uploads`. */
  async function leavesNothing<T>(attempt: () => Promise<T>): Promise<T> {
    const filesBefore = filesUnder(t.env.DATA_DIR);
    const rowsBefore = (await uploadRows(t.database.db)).length;
    const result = await attempt();
    expect(filesUnder(t.env.DATA_DIR)).toEqual(filesBefore);
    expect(await uploadRows(t.database.db)).toHaveLength(rowsBefore);
    return result;
  }

  it('the upload and file routes are in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(document.paths['/api/uploads/{bucket}']!)).toContain('post');
    expect(Object.keys(document.paths['/api/uploads/{id}']!)).toContain('delete');
    expect(Object.keys(document.paths['/api/files/{bucket}/{name}']!)).toContain('get');
  });

  it('an admin uploads a logo: it is stored as upload time + folded original name and served inline as a PNG', async () => {
    const response = await upload('provider-logos', { data: PNG, name: 'Logo da Operadora.png', type: 'image/png' });
    expect(response.statusCode, response.body).toBe(201);
    const uploaded = response.json<Upload>();
    expect(uploaded).toMatchObject({ bucket: 'provider-logos', contentType: 'image/png', sizeBytes: PNG.length, originalName: 'Logo da Operadora.png' });
    const storedName = uploaded.url.split('/').pop()!;
    expect(storedName).toMatch(/^\d{13}-[0-9a-f]{8}-logo-da-operadora\.png$/);
    expect(Math.abs(Number(storedName.slice(0, 13)) - Date.now())).toBeLessThan(60_000);
    expect(filesUnder(t.env.DATA_DIR)).toContain(`provider-logos/${storedName}`);

    const served = await serve(uploaded.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${uploaded.id}"`,
    });
    expect(served.headers['content-disposition']).toBe(`inline; filename="Logo da Operadora.png"`);

    const revalidated = await serve(uploaded.url, { 'if-none-match': `"${uploaded.id}"` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const firstBytes = await serve(uploaded.url, { range: 'bytes=0-7' });
    expect(firstBytes.statusCode).toBe(206);
    expect(firstBytes.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(firstBytes.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
    expect((await serve(uploaded.url, { range: `bytes=${PNG.length}-` })).statusCode).toBe(416);
  });

  it('a PDF is served as a download inside a sandbox policy, and only to an admin when the bucket is private', async () => {
    const response = await upload('provider-documents', { data: PDF, name: 'contrato de revenda ação.pdf', type: 'application/pdf' });
    expect(response.statusCode, response.body).toBe(201);
    const uploaded = response.json<Upload>();

    const served = await serve(uploaded.url, { cookie: admin });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="contrato de revenda a??o.pdf"; filename*=UTF-8''contrato%20de%20revenda%20a%C3%A7%C3%A3o.pdf`,
    );

    const asVisitor = await serve(uploaded.url);
    expect(asVisitor.statusCode).toBe(404);
    expect(asVisitor.json().error.message).toBe('Arquivo não encontrado.');
  });

  it.each([
    ['a PDF', PDF],
    ['an HTML page', HTML],
    ['an SVG with a script', SVG],
    ['a Windows program', EXE],
  ])('a file named logo.png, claiming image/png but carrying %s, is refused and leaves nothing', async (_label, data) => {
    const response = await leavesNothing(() => upload('provider-logos', { data, name: 'logo.png', type: 'image/png' }));
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      code: 'uploads.type_not_allowed',
      message: 'Tipo de arquivo não permitido. Tipos aceitos: JPG, PNG, WebP',
    });
  });

  it('a logo over 5 MB is refused while it streams and leaves nothing', async () => {
    const response = await leavesNothing(() => upload('provider-logos', { data: pngOfSize(5 * MiB + 1), name: 'grande.png', type: 'image/png' }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'uploads.too_large', message: 'Arquivo muito grande. Tamanho máximo: 5MB' });

    const exactlyAtTheLimit = await upload('provider-logos', { data: pngOfSize(5 * MiB), name: 'no-limite.png', type: 'image/png' });
    expect(exactlyAtTheLimit.statusCode).toBe(201);
  });

  it.each([
    ['a PNG named poly.html', 'provider-logos', PNG, 'poly.html', 'inline; filename=poly.png'],
    ['a PDF named x.exe', 'provider-documents', PDF, 'x.exe', 'attachment; filename=x.pdf'],
    ['a PDF named without an extension', 'provider-documents', PDF, 'contrato', 'attachment; filename=contrato.pdf'],
    ['a name already of its type, kept as written', 'provider-logos', PNG, 'foto.PNG', 'inline; filename=foto.PNG'],
  ])('%s is served under a name with the extension of its detected type', async (_label, bucket, data, name, disposition) => {
    const response = await upload(bucket, { data, name, type: 'text/html' });
    expect(response.statusCode, response.body).toBe(201);
    const served = await serve(response.json<Upload>().url, { cookie: admin });
    expect(served.headers['content-disposition']).toBe(disposition);
  });

  it('a file recorded before names were corrected is still served with the extension of its type', async () => {
    const uploaded = (await upload('provider-logos', { data: PNG, name: 'logo.png', type: 'image/png' })).json<Upload>();
    await t.database.db.update(uploadsTable).set({ originalName: 'poly.html' }).where(eq(uploadsTable.id, uploaded.id));
    expect((await serve(uploaded.url)).headers['content-disposition']).toBe('inline; filename=poly.png');
  });

  it('an installer may be larger than an image', async () => {
    const installer = Buffer.concat([EXE, Buffer.alloc(6 * MiB)]);
    const response = await upload('app-installers', { data: installer, name: 'VitrinePlayer-Setup.exe', type: 'application/x-msdownload' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Upload>()).toMatchObject({ contentType: 'application/x-msdownload', sizeBytes: installer.length });
  });

  it.each([
    ['a relative path', '../../etc/passwd.png', 'passwd.png'],
    ['a Windows path', 'C:\\x\\evil.png', 'evil.png'],
    ['nothing but dots', '..', 'arquivo.png'],
    ['control characters and a right-to-left override', 'logo\u0000\u202Egnp.exe\u0007', 'logognp.png'],
    ['300 characters', `${'a'.repeat(300)}.png`, `${'a'.repeat(196)}.png`],
  ])('a file whose name has %s is stored under a generated name, with a clean original name', async (_label, clientName, keptName) => {
    const response = await upload('provider-logos', { data: PNG, name: clientName, type: 'image/png' });
    expect(response.statusCode, response.body).toBe(201);
    const uploaded = response.json<Upload>();
    expect(uploaded.originalName).toBe(keptName);
    expect(uploaded.url).toMatch(/^\/api\/files\/provider-logos\/\d{13}-[0-9a-f]{8}-[a-z0-9-]{1,60}\.png$/);
    const [row] = (await uploadRows(t.database.db)).filter((candidate) => candidate.id === uploaded.id);
    expect(row).toMatchObject({ storageName: uploaded.url.split('/').pop(), originalName: keptName });
    // Nothing outside the bucket's folder: every stored name is made of safe characters only.
    expect(filesUnder(t.env.DATA_DIR).every((file) => /^[a-z-]+\/[0-9a-z-]+\.[a-z0-9]+$/.test(file))).toBe(true);
  });

  it('a form without a file, or with an empty one, is refused in Portuguese and leaves nothing', async () => {
    const withoutFile = await multipartBody([], { nome: 'logo' });
    const noFile = await leavesNothing(() =>
      t.app.inject({ method: 'POST', url: '/api/uploads/provider-logos', payload: withoutFile.payload, headers: { ...withoutFile.headers, cookie: admin } }),
    );
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Nenhum arquivo enviado. Escolha um arquivo e tente novamente.');

    const empty = await leavesNothing(() => upload('provider-logos', { data: Buffer.alloc(0), name: 'vazio.png', type: 'image/png' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('O arquivo está vazio.');
  });

  it('an unknown bucket is refused', async () => {
    const response = await leavesNothing(() => upload('etc', { data: PNG, name: 'logo.png' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('the upload route takes multipart only, and JSON routes refuse multipart', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads/provider-logos', payload: { file: 'logo.png' }, headers: { cookie: admin } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('uploads.not_multipart');

    const form = await multipartBody([{ data: PNG, name: 'logo.png', type: 'image/png' }], { name: 'Fulano', email: 'f@example.com', message: 'Olá' });
    const contact = await leavesNothing(() => t.app.inject({ method: 'POST', url: '/api/contact', payload: form.payload, headers: form.headers }));
    expect(contact.statusCode).toBe(415);
    expect(contact.json().error.code).toBe('unsupported_media_type');
  });

  it('an admin deletes an upload: the record and the stored file go, and the URL stops serving', async () => {
    const uploaded = (await upload('title-artwork', { data: PNG, name: 'capa.png', type: 'image/png' })).json<Upload>();
    const stored = `title-artwork/${uploaded.url.split('/').pop()}`;
    expect(filesUnder(t.env.DATA_DIR)).toContain(stored);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${uploaded.id}`, headers: { cookie: admin } });
    expect(deleted.statusCode).toBe(204);
    expect(filesUnder(t.env.DATA_DIR)).not.toContain(stored);
    expect((await serve(uploaded.url)).statusCode).toBe(404);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${uploaded.id}`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
  });

  it('removes a file by the last segment of its address, in its own bucket only', async () => {
    const uploaded = (await upload('provider-documents', { data: PNG, name: 'contrato.png', type: 'image/png' })).json<Upload>();
    const name = uploaded.url.split('/').pop()!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/provider-logos/${name}`, headers: { cookie: admin } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/provider-documents/${name}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/provider-documents/${name}`, headers: { cookie: admin } })).statusCode).toBe(204);
    expect(filesUnder(t.env.DATA_DIR)).not.toContain(`provider-documents/${name}`);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/provider-documents/${name}`, headers: { cookie: admin } })).statusCode).toBe(404);
  });

  it('a visitor gets an installer only through a signed link, which expires and opens no other bucket', async () => {
    const installer = (await upload('app-installers', { data: EXE, name: 'Vitrine Player.exe', type: 'application/x-msdownload' })).json<Upload>();
    const attachment = (await upload('chat-attachments', { data: PNG, name: 'print.png', type: 'image/png' })).json<Upload>();
    const links = createFileLinkSigner(t.env.AUTH_SECRET!);
    expect((await serve(installer.url)).statusCode).toBe(404);

    const download = await serve(links.create(installer.id).url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(EXE)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/x-msdownload',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(download.headers['content-disposition']).toBe('attachment; filename="Vitrine Player.exe"');

    const expired = await serve(links.create(installer.id, new Date(Date.now() - 11 * 60 * 1000)).url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe('O link de download é inválido ou expirou. Solicite um novo link.');
    expect((await serve(links.create(attachment.id).url)).statusCode).toBe(404);
    expect((await serve(createFileLinkSigner('outro-segredo-outro-segredo-outro-segredo').create(installer.id).url)).statusCode).toBe(404);
  });

  it('a URL that does not match a stored file is a 404, never a file from elsewhere', async () => {
    const uploaded = (await upload('provider-logos', { data: PNG, name: 'logo.png', type: 'image/png' })).json<Upload>();
    for (const url of [
      uploaded.url.replace('provider-logos', 'title-artwork'), // right name, wrong bucket
      uploaded.url.replace(/\.png$/, '.jpg'),
      `/api/files/provider-logos/${uploaded.id}.png`,
      '/api/files/provider-logos/..%2F..%2Fserver.lock',
      '/api/files/..%2F..%2Fetc/passwd',
      '/api/files/nao-existe/qualquer.png',
    ]) {
      const response = await serve(url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('who may upload and delete', () => {
  let t: TestApp;
  let admin: string;
  let deactivated: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
    admin = await signInAsAdmin(t.app);
    deactivated = await createConfirmedProUser(t.app, t.database.db, 'ex-admin@example.com');
    await listPro(t.database.db, 'ex-admin@example.com', false);
  });
  afterAll(() => t.close());

  it('a visitor and a deactivated PRO user can neither upload nor delete, and nothing changes', async () => {
    const body = await multipartBody([{ data: PNG, name: 'logo.png', type: 'image/png' }]);
    const kept = await t.app.inject({ method: 'POST', url: '/api/uploads/provider-logos', payload: body.payload, headers: { ...body.headers, cookie: admin } });
    const uploaded = kept.json<Upload>();
    const filesBefore = filesUnder(t.env.DATA_DIR);

    for (const [cookie, status] of [
      [undefined, 401],
      [deactivated, 403],
    ] as const) {
      const headers = cookie ? { cookie } : {};
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/provider-logos',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
      expect(posted.statusCode).toBe(status);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${uploaded.id}`, headers });
      expect(deleted.statusCode).toBe(status);
    }
    expect(filesUnder(t.env.DATA_DIR)).toEqual(filesBefore);
    expect((await uploadRows(t.database.db)).map((row) => row.id)).toEqual([uploaded.id]);
    expect((await t.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(200);
  });

  it('a deactivated PRO user cannot read private files either', async () => {
    const body = await multipartBody([{ data: PNG, name: 'print.png', type: 'image/png' }]);
    const uploaded = (
      await t.app.inject({ method: 'POST', url: '/api/uploads/chat-attachments', payload: body.payload, headers: { ...body.headers, cookie: admin } })
    ).json<Upload>();
    expect((await t.app.inject({ method: 'GET', url: uploaded.url, headers: { cookie: admin } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: uploaded.url, headers: { cookie: deactivated } })).statusCode).toBe(404);
  });
});

describe('an upload over real HTTP', () => {
  let t: TestApp;
  let admin: string;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    admin = await signInAsAdmin(t.app);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is refused as soon as it passes the limit, before the client has sent the rest', async () => {
    const boundary = 'vitrine-limite';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.png"\r\nContent-Type: image/png\r\n\r\n`);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/uploads/provider-logos',
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}`, origin: `http://127.0.0.1:${port}` },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    let answer: { status: number; body: string } | undefined;
    void answered.then(
      (value) => (answer = value),
      () => undefined,
    );

    // Offers up to 100 MiB, one chunk at a time, and stops as soon as the server has answered.
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    request.write(Buffer.concat([head, PNG]));
    while (!answer && sent < 100 * MiB) {
      const flushed = request.write(chunk);
      sent += chunk.length;
      // Waits for room to write, or for the answer (a server that answered may stop reading).
      if (!flushed) await Promise.race([new Promise((resolve) => request.once('drain', resolve)), answered.catch(() => undefined)]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    request.end(`\r\n--${boundary}--\r\n`);
    const { status, body } = await answered;

    expect(status).toBe(413);
    expect(JSON.parse(body).error.message).toBe('Arquivo muito grande. Tamanho máximo: 5MB');
    expect(sent).toBeLessThan(100 * MiB);
    expect(filesUnder(t.env.DATA_DIR)).toEqual([]);
    expect(await uploadRows(t.database.db)).toEqual([]);
  });
});

describe('uploads on S3-compatible storage', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let admin: string;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp({ env: { ...adminEnv, ...s3.env } });
    admin = await signInAsAdmin(t.app);
    storage = await createStorageFromEnv(t.env);
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
    await s3?.stop();
  });

  it('stores, serves and deletes a file in the bucket, and nothing on the local disk', async () => {
    const body = await multipartBody([{ data: PNG, name: 'banner.png', type: 'image/png' }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/uploads/app-media', payload: body.payload, headers: { ...body.headers, cookie: admin } });
    expect(response.statusCode, response.body).toBe(201);
    const uploaded = response.json<Upload>();
    const key = `app-media/${uploaded.url.split('/').pop()}`;
    expect(await storage.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
    expect(filesUnder(t.env.DATA_DIR)).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: uploaded.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-length']).toBe(String(PNG.length));

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${uploaded.id}`, headers: { cookie: admin } });
    expect(deleted.statusCode).toBe(204);
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses a file over the limit without leaving an object in the bucket or a row', async () => {
    const body = await multipartBody([{ data: pngOfSize(5 * MiB + 1), name: 'grande.png', type: 'image/png' }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/uploads/app-media', payload: body.payload, headers: { ...body.headers, cookie: admin } });
    expect(response.statusCode).toBe(413);
    expect(await uploadRows(t.database.db)).toEqual([]);
  });
});
