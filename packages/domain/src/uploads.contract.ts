// Uploads to the admin's buckets and the files served from them.
import { z } from 'zod';
import { defineEndpoint } from './contracts.ts';
import { uploadBuckets, uploadBucketSchema, uploadSchema } from './uploads.ts';

const tag = 'arquivos';

export const uploadsContract = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/uploads/:bucket',
    tag,
    access: 'pro',
    summary: 'Envia um arquivo (multipart/form-data, um arquivo) para um destino — somente admin',
    description: `Destinos: ${Object.entries(uploadBuckets)
      .map(
        ([name, policy]) =>
          `${name} (${policy.accepts.map((type) => type.label).join(', ')}; até ${policy.maxBytes / 1024 / 1024} MB; ${policy.access === 'public' ? 'público' : 'privado'})`,
      )
      .join('; ')}. O tipo é verificado pelo conteúdo do arquivo, não pelo nome.`,
    contentType: 'multipart/form-data',
    params: z.object({ bucket: uploadBucketSchema }),
    responses: { 201: uploadSchema },
    errors: [400, 413, 415],
  }),
  deleteUpload: defineEndpoint({
    method: 'DELETE',
    path: '/api/uploads/:id',
    tag,
    access: 'pro',
    summary: 'Remove um arquivo enviado (o registro e o objeto armazenado) — somente admin',
    params: z.object({ id: z.uuid('Arquivo inválido') }),
    responses: { 204: null },
    errors: [404],
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/files/:bucket/:name',
    tag,
    access: 'public',
    summary: 'Entrega um arquivo enviado: destinos públicos para todos, privados só para admins',
    params: z.object({ bucket: z.string().max(40), name: z.string().max(100) }),
    responses: { 200: null },
    errors: [404],
  }),
  deleteFile: defineEndpoint({
    method: 'DELETE',
    path: '/api/files/:bucket/:name',
    tag,
    access: 'pro',
    summary: 'Remove um arquivo pelo último segmento do seu endereço, no seu destino — somente admin',
    params: z.object({ bucket: uploadBucketSchema, name: z.string().max(100) }),
    responses: { 204: null },
    errors: [404],
  }),
  signedFile: defineEndpoint({
    method: 'GET',
    path: '/api/files/signed/:token',
    tag,
    access: 'public',
    summary: 'Baixa um arquivo privado por um link assinado de curta duração (só destinos que permitem links)',
    params: z.object({ token: z.string().max(200) }),
    responses: { 200: null },
    errors: [400, 404],
  }),
};
