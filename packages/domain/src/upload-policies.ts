// Upload buckets: what each one accepts, how large, and who may read it. The server enforces this
// table; the admin screens and the chat use it to tell the user the same limits before sending
// anything. Free of schemas (the chat's first load reads it); uploads.ts re-exports it with them.

/** A file type as detected from the file's content (magic bytes), never from its name. */
export interface AcceptedFileType {
  mime: string;
  /** The extension given to stored names of this type. */
  extension: string;
  /** How the type is named to the user in 'Tipos aceitos: …'. */
  label: string;
}

const PNG: AcceptedFileType = { mime: 'image/png', extension: 'png', label: 'PNG' };
const JPEG: AcceptedFileType = { mime: 'image/jpeg', extension: 'jpg', label: 'JPG' };
const WEBP: AcceptedFileType = { mime: 'image/webp', extension: 'webp', label: 'WebP' };
const GIF: AcceptedFileType = { mime: 'image/gif', extension: 'gif', label: 'GIF' };
const AVIF: AcceptedFileType = { mime: 'image/avif', extension: 'avif', label: 'AVIF' };
const PDF: AcceptedFileType = { mime: 'application/pdf', extension: 'pdf', label: 'PDF' };
const MP4: AcceptedFileType = { mime: 'video/mp4', extension: 'mp4', label: 'MP4' };
const WEBM: AcceptedFileType = { mime: 'video/webm', extension: 'webm', label: 'WebM' };
const APK: AcceptedFileType = { mime: 'application/vnd.android.package-archive', extension: 'apk', label: 'APK' };
const ZIP: AcceptedFileType = { mime: 'application/zip', extension: 'zip', label: 'ZIP' };
const EXE: AcceptedFileType = { mime: 'application/x-msdownload', extension: 'exe', label: 'EXE' };
// Voice notes: what browsers' MediaRecorder writes (WebM/Opus in Chromium and Firefox, MP4/AAC in
// Safari), and the usual audio files. A WebM or MP4 container is detected as video; it is only ever
// played by an <audio> element or downloaded.
const OPUS: AcceptedFileType = { mime: 'audio/ogg; codecs=opus', extension: 'opus', label: 'Opus' };
const OGG: AcceptedFileType = { mime: 'audio/ogg', extension: 'ogg', label: 'OGG' };
const M4A: AcceptedFileType = { mime: 'audio/x-m4a', extension: 'm4a', label: 'M4A' };
const MP3: AcceptedFileType = { mime: 'audio/mpeg', extension: 'mp3', label: 'MP3' };
const WAV: AcceptedFileType = { mime: 'audio/wav', extension: 'wav', label: 'WAV' };

/**
 * Raster images are the only files shown inline from our origin; everything else (PDF, video,
 * installers, and SVG or HTML should one ever be stored) is served as a download.
 */
export const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set([PNG, JPEG, GIF, WEBP, AVIF].map((type) => type.mime));

export const MEBIBYTE = 1024 * 1024;

export interface UploadBucketPolicy {
  maxBytes: number;
  accepts: readonly AcceptedFileType[];
  /**
   * 'public': anyone may read the files (logos, artwork, app media), cached for a long time.
   * 'private': only active PRO sessions read them; visitors reach a private file only through a
   * short-lived signed link, and only in buckets that allow links.
   */
  access: 'public' | 'private';
  /** Whether the server may hand visitors signed download links to files of this bucket. */
  signedLinks: boolean;
}

export const UPLOAD_BUCKETS = [
  'provider-logos',
  'provider-documents',
  'title-artwork',
  'app-media',
  'app-installers',
  'chat-attachments',
  'chat-audio',
] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

// The specification's limits: 5 MB for the admin's images, documents and media (jpeg, png, webp,
// pdf; video mp4, webm), 10 MB for chat images (jpeg, png, gif, webp). Installers are larger.
export const uploadBuckets: Readonly<Record<UploadBucket, UploadBucketPolicy>> = {
  'provider-logos': { maxBytes: 5 * MEBIBYTE, accepts: [JPEG, PNG, WEBP], access: 'public', signedLinks: false },
  'provider-documents': { maxBytes: 5 * MEBIBYTE, accepts: [PDF, JPEG, PNG, WEBP], access: 'private', signedLinks: false },
  'title-artwork': { maxBytes: 5 * MEBIBYTE, accepts: [JPEG, PNG, WEBP, AVIF], access: 'public', signedLinks: false },
  'app-media': { maxBytes: 5 * MEBIBYTE, accepts: [JPEG, PNG, WEBP, MP4, WEBM], access: 'public', signedLinks: false },
  'app-installers': { maxBytes: 500 * MEBIBYTE, accepts: [APK, ZIP, EXE], access: 'private', signedLinks: true },
  'chat-attachments': { maxBytes: 10 * MEBIBYTE, accepts: [JPEG, PNG, GIF, WEBP], access: 'private', signedLinks: false },
  'chat-audio': { maxBytes: 10 * MEBIBYTE, accepts: [WEBM, OPUS, OGG, M4A, MP4, MP3, WAV], access: 'private', signedLinks: false },
};

export const isUploadBucket = (value: string): value is UploadBucket => Object.hasOwn(uploadBuckets, value);

export const fileTooLargeMessage = (maxBytes: number) => `Arquivo muito grande. Tamanho máximo: ${Math.floor(maxBytes / MEBIBYTE)}MB`;

export const fileTypeNotAllowedMessage = (accepts: readonly AcceptedFileType[]) =>
  `Tipo de arquivo não permitido. Tipos aceitos: ${accepts.map((type) => type.label).join(', ')}`;
