import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startServer } from '../helpers/server';

/**
 * Decision 136: the packages only some requests or deployments need are loaded on first use, so
 * a start stays cheap (0.73 CPU-seconds instead of 1.3, for the container and for each of the
 * test suite's servers). A top-level import of one of them brings the cost back unnoticed: this
 * records every module the started server resolved.
 */
const LOADED_ON_FIRST_USE = [
  'acme-client',
  'stripe',
  '@simplewebauthn/server',
  'qrcode',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'age-encryption',
  'pdfkit',
];

test('a start loads none of the packages kept for first use, nor nodemailer beyond its URL parser', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'doodles-loads-'));
  const log = path.join(work, 'loads.txt');
  const hook = pathToFileURL(path.resolve('test/helpers/record-loads.mjs')).href;
  const server = await startServer({ env: { NODE_OPTIONS: `--import=${hook}`, RECORD_LOADS: log } });
  try {
    const res = await fetch(`${server.url}/`);
    assert.equal(res.status, 200);
    const loaded = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    const packages = new Set(
      loaded.flatMap((url) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []),
    );
    assert.ok(packages.has('express') && packages.has('react-dom'), 'the hook saw the server start');
    for (const name of LOADED_ON_FIRST_USE) assert.ok(!packages.has(name), `${name} was loaded at start`);
    // notify-config reads SMTP_URL with nodemailer's own parser (nodemailer/lib/shared); the
    // mailer and its transports are the mail thread's, at its first message.
    const transport = loaded.filter((url) =>
      /\/node_modules\/nodemailer\/dist\/\w+\/(nodemailer\.js|mailer\/|smtp-pool\/|smtp-connection\/)/.test(
        url,
      ),
    );
    assert.deepEqual(transport, [], 'nodemailer itself was loaded at start');
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
});
