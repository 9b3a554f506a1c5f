import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type * as Minio from 'minio';
import { lazyModule } from '../../lazy-module.js';
import { signDownload } from './signed-links.js';
import { assertStorageKey, attachmentDisposition, type ObjectStorage, type StoredObject } from './storage.js';

export interface S3Options {
  endpoint: string;
  /**
   * The store's address as browsers reach it, for presigned links (S3_PUBLIC_URL). Without it
   * (a store on a private network, as in docker-compose), downloads go through the app: an
   * HMAC-signed app link whose route streams the object from the store.
   */
  publicEndpoint?: string | undefined;
  /** Signs the app links used without a public endpoint. */
  secret: Buffer;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

function clientFor(minio: typeof Minio, endpoint: string, options: S3Options): Minio.Client {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return new minio.Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    // Known region: presigning needs no request to the store.
    region: options.region,
    pathStyle: true,
  });
}

/** An S3-compatible store (MinIO, AWS S3) through the `minio` client; downloads by presigned URL (or through the app, see S3Options). */
export function s3Storage(options: S3Options): ObjectStorage {
  // The minio library (about 80 ms to load) is loaded by the first use, not at the server's start.
  const clients = lazyModule(async () => {
    const minio = await import('minio');
    return {
      client: clientFor(minio, options.endpoint, options),
      presigner: options.publicEndpoint ? clientFor(minio, options.publicEndpoint, options) : null,
    };
  });
  const { bucket } = options;
  const isMissing = (error: unknown) => {
    const code = (error as { code?: string }).code;
    return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
  };

  return {
    kind: 's3',
    async ready() {
      const { client } = await clients();
      if (!(await client.bucketExists(bucket))) {
        try {
          await client.makeBucket(bucket, options.region);
        } catch (error) {
          // Another instance made it meanwhile.
          const code = (error as { code?: string }).code;
          if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
        }
      }
    },
    async putFile(key, localPath, size, contentType) {
      const { client } = await clients();
      assertStorageKey(key);
      try {
        await client.putObject(bucket, key, createReadStream(localPath), size, { 'Content-Type': contentType });
      } finally {
        await unlink(localPath).catch(() => {});
      }
    },
    async read(key) {
      const { client } = await clients();
      assertStorageKey(key);
      return client.getObject(bucket, key);
    },
    async exists(key) {
      const { client } = await clients();
      assertStorageKey(key);
      try {
        await client.statObject(bucket, key);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      const { client } = await clients();
      assertStorageKey(key);
      try {
        await client.removeObject(bucket, key);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async *companies() {
      const { client } = await clients();
      const stream = client.listObjectsV2(bucket, '', false);
      for await (const item of stream as AsyncIterable<{ prefix?: string }>) {
        if (item.prefix) yield item.prefix.replace(/\/$/, '');
      }
    },
    async *list(prefix): AsyncIterable<StoredObject> {
      const { client } = await clients();
      const stream = client.listObjectsV2(bucket, prefix.endsWith('/') ? prefix : `${prefix}/`, true);
      for await (const item of stream as AsyncIterable<{ name?: string; size: number; lastModified: Date }>) {
        if (item.name) yield { key: item.name, size: item.size, lastModified: item.lastModified };
      }
    },
    async downloadLink(key, link) {
      assertStorageKey(key);
      const { presigner } = await clients();
      if (!presigner) {
        const expires = Math.floor(Date.now() / 1000) + link.expiresInSeconds;
        return signDownload(options.secret, { key, fileName: link.fileName, contentType: link.contentType, expires });
      }
      return presigner.presignedGetObject(bucket, key, link.expiresInSeconds, {
        'response-content-disposition': attachmentDisposition(link.fileName),
        'response-content-type': link.contentType,
      });
    },
  };
}
