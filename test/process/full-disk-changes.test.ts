import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { SiteEditorState } from '../../src/features/site/site-api';
import { NOT_STORED } from '../../src/server/http/errors';
import { signIn } from '../helpers/admin';
import { fillDisk, mountSmallDisk, snapshot } from '../helpers/full-disk';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

const run = promisify(execFile);
/** Her password after each successful change: the first test changes it once. */
const PASSWORDS = [
  'correct horse battery',
  'a longer passphrase for the full disk 42',
  'and another one for the read-only disk 7',
];

/**
 * Her changes beyond the puppies (issue 26): the site's draft and publish, an inquiry's status and
 * notes, her password. On a disk that refuses writes (full, then read-only) each answers 503 with
 * the one message that her change was not saved and why, nothing stored changes, and the same
 * change succeeds once the disk takes writes again, without a restart. Real tmpfs, as the full-disk
 * test of inquiries and puppies.
 */
describe('a disk that refuses writes, for every change she makes', () => {
  let disk: Awaited<ReturnType<typeof mountSmallDisk>>;
  let dataDir: string;
  let server: RunningServer;
  /** Her session: a password change ends every one, so she signs in again after it. */
  let cookie: string;
  let inquiryId: string;

  before(async () => {
    disk = await mountSmallDisk();
    dataDir = path.join(disk.dir, 'data');
    await mkdir(dataDir);
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    cookie = (await puppyAdmin(server.url, dataDir)).cookie;
    const created = await postInquiry(server.url, uniqueInquiry('disk'));
    assert.equal(created.status, 201);
    inquiryId = ((await created.json()) as { id: string }).id;
  });

  after(async () => {
    await server?.stop();
    await disk?.unmount();
  });

  const admin = {
    send: (method: string, url: string, body?: unknown) =>
      fetch(`${server.url}${url}`, {
        method,
        headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
  async function site(): Promise<SiteEditorState> {
    const res = await admin.send('GET', '/api/site');
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as SiteEditorState;
  }
  let passwordsChanged = 0;
  /** A draft to publish: the heading of the contact section. */
  async function saveDraft(heading: string) {
    const { basedOn, content } = await site();
    return admin.send('PUT', '/api/site/draft', {
      basedOn,
      content: { ...content, contact: { ...content.contact, heading } },
    });
  }
  /** The five changes, each sent as she would send it now. */
  async function changes(): Promise<[string, Response][]> {
    const draft = await saveDraft('Say hello');
    return [
      ['PUT /api/site/draft', draft],
      [
        'POST /api/site/publish',
        await admin.send('POST', '/api/site/publish', { basedOn: (await site()).basedOn }),
      ],
      [
        'POST /api/inquiries/:id/status',
        await admin.send('POST', `/api/inquiries/${inquiryId}/status`, { status: 'contacted' }),
      ],
      [
        'POST /api/inquiries/:id/notes',
        await admin.send('POST', `/api/inquiries/${inquiryId}/notes`, { text: 'Called her back.' }),
      ],
      [
        'POST /api/account/password',
        await admin.send('POST', '/api/account/password', {
          currentPassword: PASSWORDS[passwordsChanged],
          newPassword: PASSWORDS[passwordsChanged + 1],
          repeatPassword: PASSWORDS[passwordsChanged + 1],
        }),
      ],
    ];
  }

  async function refusedAll(why: RegExp) {
    const stored = await snapshot(dataDir);
    for (const [name, res] of await changes()) {
      assert.equal(res.status, 503, `${name}: ${await res.clone().text()}`);
      assert.deepEqual(await res.json(), { message: NOT_STORED }, name);
    }
    assert.deepEqual(await snapshot(dataDir), stored, 'nothing stored changed, no temp file left');
    assert.match(server.output(), why, 'the log says why');
  }

  test('a full disk: every change answers 503 "not saved", nothing changes; with room again, no restart', async () => {
    // A draft stands before the disk fills: the publish has one to refuse.
    assert.equal((await saveDraft('Before the disk filled')).status, 200);
    const filler = path.join(disk.dir, 'filler');
    await fillDisk(filler);
    await refusedAll(/ENOSPC/);
    await rm(filler);
    for (const [name, res] of await changes())
      assert.equal(res.status, 200, `${name}: ${await res.clone().text()}`);
    passwordsChanged += 1;
    cookie = await signIn(server.url, 'breeder@example.com', PASSWORDS[passwordsChanged] ?? '');
    const after = await site();
    assert.equal(after.content.contact.heading, 'Say hello');
    assert.equal(after.hasDraft, false, 'published');
  });

  test('a read-only disk: the same 503 and message, nothing changes', async () => {
    assert.equal((await saveDraft('Before the disk went read-only')).status, 200);
    await run('mount', ['-o', 'remount,ro', disk.dir]);
    try {
      await refusedAll(/EROFS/);
    } finally {
      await run('mount', ['-o', 'remount,rw', disk.dir]);
    }
  });
});
