import path from 'node:path';
import type { Config } from '../../config.js';
import { diskStorage } from './disk-storage.js';
import { s3Storage } from './s3-storage.js';
import { signingSecret } from './signed-links.js';
import type { ObjectStorage } from './storage.js';

export type { ObjectStorage, StoredObject } from './storage.js';

const built = new WeakMap<Config, { storage: ObjectStorage; secret: Buffer }>();

/**
 * The file store the configuration selects: S3 (MinIO or any S3) when S3_ENDPOINT is set, else
 * the local disk under <data dir>/files. One per configuration, shared by the HTTP routes, the
 * procedures and the jobs.
 */
export function storageFor(config: Config): ObjectStorage {
  return entryFor(config).storage;
}

/** The HMAC secret of the disk adapter's download links. */
export function linkSecretFor(config: Config): Buffer {
  return entryFor(config).secret;
}

function entryFor(config: Config) {
  let entry = built.get(config);
  if (!entry) {
    const secret = signingSecret(config.FILE_LINK_SECRET, config.dataDir);
    const storage = config.S3_ENDPOINT
      ? s3Storage({
          endpoint: config.S3_ENDPOINT,
          bucket: config.S3_BUCKET,
          accessKey: config.S3_ACCESS_KEY ?? '',
          secretKey: config.S3_SECRET_KEY ?? '',
          region: config.S3_REGION,
          publicEndpoint: config.S3_PUBLIC_URL,
          secret,
        })
      : diskStorage({ root: path.join(config.dataDir, 'files'), secret });
    entry = { storage, secret };
    built.set(config, entry);
  }
  return entry;
}
