// Upload buckets' policies (upload-policies.ts) and the uploads' contracts.
import './zod-locale.ts';
import { z } from 'zod';
import { UPLOAD_BUCKETS, type UploadBucket } from './upload-policies.ts';

export * from './upload-policies.ts';

export const uploadBucketSchema = z.enum(UPLOAD_BUCKETS, { error: 'Destino de arquivo desconhecido' });

export const uploadSchema = z.object({
  id: z.uuid(),
  bucket: uploadBucketSchema,
  /** Where the file is served; private files answer only to active PRO sessions. */
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  originalName: z.string(),
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** The URL a stored file is served from: bucket and generated name, never the client's name. */
export const uploadUrl = (bucket: UploadBucket, storageName: string) => `/api/files/${bucket}/${storageName}`;
