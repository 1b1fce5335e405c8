import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { endWithFile } from './end-with-file';

const peerScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '../peers/s3-peer.ts');
export const BUCKET = 'doodle-backups';

/** Starts s3rver on `port` keeping its objects in `dir`; resolves once it listens. */
export async function startS3Peer(port: number, dir: string): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', peerScript, String(port), dir, BUCKET],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  endWithFile(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3 peer did not start: ${output}`)), 20_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (/listening \d+/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3 peer exited with ${code}: ${output}`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A client of the peer, to look at (and seed) what the site uploaded. */
export function peerClient(port: number) {
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async keys(prefix: string): Promise<string[]> {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async sha256(key: string): Promise<string> {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return createHash('sha256')
        .update(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray())
        .digest('hex');
    },
    put: (key: string, body: string) =>
      client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body })),
    remove: (key: string) => client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key })),
  };
}
