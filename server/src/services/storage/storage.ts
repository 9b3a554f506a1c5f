import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: one interface, two adapters chosen by configuration
 * (storageFor in ./index.ts). Keys are made by the server, never by a user:
 * `<company id>/<random uuid>`, so a key names its company and nothing a user typed.
 */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface DownloadLinkOptions {
  /** The display name the browser saves the file under (Content-Disposition: attachment). */
  fileName: string;
  contentType: string;
  /** Seconds the link stays valid (the spec's 3600). */
  expiresInSeconds: number;
}

export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** Prepares the store at start (the folder, or the bucket when it is missing). */
  ready(): Promise<void>;
  /** Moves a complete, validated local file into the store under `key` (the local file is gone afterwards). */
  putFile(key: string, localPath: string, size: number, contentType: string): Promise<void>;
  /** The object's bytes. */
  read(key: string): Promise<Readable>;
  /** Whether an object exists under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing object is not an error (jobs retry). */
  remove(key: string): Promise<void>;
  /** The companies (first key segments) that have objects, for the orphan sweeper. */
  companies(): AsyncIterable<string>;
  /** The objects under a prefix (one company's files), for the orphan sweeper. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** A download link valid for a limited time: an HMAC-signed app URL (disk) or a presigned URL (S3). */
  downloadLink(key: string, options: DownloadLinkOptions): Promise<string>;
}

/** Only keys the server makes are ever accepted: company uuid / object uuid. */
export const STORAGE_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

/** `attachment; filename="..."; filename*=UTF-8''...`: an ASCII fallback and the exact name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
