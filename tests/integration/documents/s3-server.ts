import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A local S3 server (s3rver) for the tests: the far edge of the network, never our own code. */
export async function startS3Server(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'haulwise-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export const S3_TEST_KEYS = { S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_REGION: 'us-east-1' } as const;
