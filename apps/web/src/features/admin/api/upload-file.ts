// Sends a file to an upload bucket with its progress (fetch cannot report upload progress).
import type { Upload, UploadBucket } from '@vitrine/domain/uploads';
import { uploadsContract } from '@vitrine/domain/uploads.contract';
import { ApiError, endpointUrl } from '@/lib/api-client';

export function uploadFile(bucket: UploadBucket, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpointUrl(uploadsContract.upload, { params: { bucket } }));
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = request.response as (Upload & { error?: { code: string; message: string } }) | null;
      if (request.status === 201 && body) resolve(body);
      else reject(new ApiError(request.status, body?.error?.code ?? `http_${request.status}`, body?.error?.message ?? 'Não foi possível enviar o arquivo.'));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'network_error', 'Erro de conexão. Verifique sua internet e tente novamente.')));
    request.addEventListener('abort', () => reject(new DOMException('Envio cancelado.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
