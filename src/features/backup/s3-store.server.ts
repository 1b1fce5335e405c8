import { createReadStream } from 'node:fs';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Target } from '../../server/core/backup-config';
import { loadOnce } from '../../server/core/load-once';
import type { RemoteStore } from './backup-service.server';

/** Parts of 16 MB, two at a time: a large archive streams from disk, never whole in memory. */
const PART_SIZE = 16 * 1024 * 1024;

/** AWS's SDK is loaded at the first off-site copy or listing, not at every start. */
const loadSdk = loadOnce(async () => ({
  ...(await import('@aws-sdk/client-s3')),
  ...(await import('@aws-sdk/lib-storage')),
}));

/**
 * The off-site copies in S3-compatible storage (B2, R2, Wasabi, AWS, MinIO), through AWS's own
 * SDK: `Upload` streams a file in multipart parts and retries each part. Path-style addresses
 * (endpoint/bucket/key) work with every one of them. Checksums only where the protocol requires
 * them: the SDK's newer default trailing checksums are refused by several compatible services.
 */
export function s3Store(target: S3Target): RemoteStore {
  const settings: ConstructorParameters<typeof S3Client>[0] = {
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: true,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A server that is down is reported within seconds, not after the OS's connect timeout.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  };
  const client = loadOnce(async () => {
    const { S3Client } = await loadSdk();
    return new S3Client(settings);
  });
  const label = `S3 bucket ${target.bucket}${target.prefix ? ` (${target.prefix})` : ''}`;

  return {
    label,
    async upload(file, name) {
      const { Upload } = await loadSdk();
      const upload = new Upload({
        client: await client(),
        params: { Bucket: target.bucket, Key: `${target.prefix}${name}`, Body: createReadStream(file) },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async list() {
      const { ListObjectsV2Command } = await loadSdk();
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await (await client()).send(
          new ListObjectsV2Command({
            Bucket: target.bucket,
            Prefix: target.prefix,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(target.prefix.length) ?? '';
          // Only this folder's own files: a deeper "folder" is someone else's.
          if (name && !name.includes('/')) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(name) {
      const { DeleteObjectCommand } = await loadSdk();
      await (await client()).send(
        new DeleteObjectCommand({ Bucket: target.bucket, Key: `${target.prefix}${name}` }),
      );
    },
  };
}
