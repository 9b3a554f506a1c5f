import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, copyFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { signDownload } from './signed-links.js';
import { assertStorageKey, type DownloadLinkOptions, type ObjectStorage, type StoredObject } from './storage.js';

const COMPANY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Files on local disk under `<data dir>/files/<company>/<object>`. A file appears whole or not at
 * all: it is written to a temporary file, flushed to disk (fsync), then renamed into place, and
 * the folder is flushed too. Nothing serves this folder statically: the only way out is a signed
 * link checked by the download route.
 */
export function diskStorage(options: { root: string; secret: Buffer; now?: () => number }): ObjectStorage {
  const root = path.resolve(options.root);
  const tmp = path.join(root, '.tmp');
  const now = options.now ?? Date.now;
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  const fsyncPath = async (target: string) => {
    const handle = await open(target, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };

  return {
    kind: 'disk',
    async ready() {
      await mkdir(tmp, { recursive: true });
    },
    async putFile(key, localPath) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(tmp, { recursive: true });
      const staged = path.join(tmp, `${path.basename(target)}.${process.pid}.partial`);
      try {
        try {
          // Same file system: the upload's temporary file moves at once.
          await rename(localPath, staged);
        } catch {
          await copyFile(localPath, staged);
          await unlink(localPath);
        }
        await fsyncPath(staged);
        await rename(staged, target);
        await fsyncPath(path.dirname(target));
      } catch (error) {
        await rm(staged, { force: true });
        throw error;
      }
    },
    async read(key) {
      const file = fileOf(key);
      await stat(file);
      return createReadStream(file) as Readable;
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *companies() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return;
      }
      for (const name of names) if (COMPANY_PATTERN.test(name)) yield name;
    },
    async *list(prefix): AsyncIterable<StoredObject> {
      const company = prefix.replace(/\/$/, '');
      if (!COMPANY_PATTERN.test(company)) throw new Error(`not a company prefix: ${prefix}`);
      let names: string[];
      try {
        names = await readdir(path.join(root, company));
      } catch {
        return;
      }
      for (const name of names) {
        const key = `${company}/${name}`;
        try {
          const info = await stat(fileOf(key));
          if (info.isFile()) yield { key, size: info.size, lastModified: info.mtime };
        } catch {
          // A file that is not one of ours, or one removed meanwhile.
        }
      }
    },
    async downloadLink(key, link: DownloadLinkOptions) {
      assertStorageKey(key);
      const expires = Math.floor(now() / 1000) + link.expiresInSeconds;
      return signDownload(options.secret, { key, fileName: link.fileName, contentType: link.contentType, expires });
    },
  };
}
