/**
 * The next litter (issue 20) as processes: its settings and a family's waitlist place survive a
 * SIGKILL right after the answer; a crash between the inquiry's write and its "On waitlist" is
 * mended at the next start; the breeder's notice says "… joined the waitlist" (a real SMTP server).
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { Waitlist } from '../../src/shared/sales';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { puppyAdmin, visitorView } from '../helpers/puppies';
import { startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

// Since issue 27 the block is the first planned litter, "Next litter", and its choice is named after it.
const CHOICE = 'Waitlist: Next litter';
const NEXT = { shown: true, expected: '2027-04', parents: 'Daisy × Toby', description: 'Spring puppies.' };
const NO_LIMIT = { INQUIRY_RATE_LIMIT: 'off' };

describe('the next litter across restarts and notices', () => {
  const tempDataDir = suiteTempDirs('next-litter-process');
  const cleanup: (() => Promise<unknown>)[] = [];
  after(() => Promise.all(cleanup.map((step) => step())));

  test('shown and answered, then SIGKILL: after the restart / still shows it and the family is still on the waitlist', async () => {
    const dataDir = await tempDataDir();
    const server = await startServer({ dataDir, env: NO_LIMIT });
    const admin = await puppyAdmin(server.url, dataDir);
    assert.equal((await admin.send('PUT', '/api/next-litter', NEXT)).status, 200);
    const joined = await postInquiry(server.url, {
      ...uniqueInquiry('kill'),
      name: 'Kill Family',
      puppy: CHOICE,
    });
    assert.equal(joined.status, 201);
    server.process.kill('SIGKILL');
    assert.equal(await server.stop(), null, 'the server died of the signal');

    const restarted = await startServer({ dataDir, env: NO_LIMIT });
    try {
      const again = await puppyAdmin(restarted.url, dataDir);
      assert.deepEqual(await (await again.send('GET', '/api/next-litter')).json(), NEXT);
      const view = await visitorView(restarted.url);
      assert.equal(view.$('#next-litter h2').text(), 'Our Next Litter');
      assert.equal(view.$('#next-litter dd').first().text(), 'April 2027');
      assert.equal(view.options.at(-1), CHOICE);
      const list: Waitlist = await (await again.send('GET', '/api/waitlist')).json();
      assert.deepEqual(
        list.families.map((family) => [family.place, family.name]),
        [[1, 'Kill Family']],
      );
    } finally {
      await restarted.stop();
    }
  });

  test('a waitlist inquiry stored without its "On waitlist" (a crash between the two writes) joins the waitlist at the next start, in order', async () => {
    const dataDir = await tempDataDir();
    const server = await startServer({ dataDir, env: NO_LIMIT });
    const admin = await puppyAdmin(server.url, dataDir);
    assert.equal((await admin.send('PUT', '/api/next-litter', NEXT)).status, 200);
    for (const name of ['Early Family', 'Late Family'])
      assert.equal(
        (await postInquiry(server.url, { ...uniqueInquiry('crash'), name, puppy: CHOICE })).status,
        201,
      );
    await server.stop();

    // As a crash after inquiries.json and before sales.json would leave it.
    const file = path.join(dataDir, 'sales.json');
    const sales = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...sales, inquiries: {}, waitlist: [] }));

    const restarted = await startServer({ dataDir, env: NO_LIMIT });
    try {
      const again = await puppyAdmin(restarted.url, dataDir);
      const list: Waitlist = await (await again.send('GET', '/api/waitlist')).json();
      assert.deepEqual(
        list.families.map((family) => [family.place, family.name]),
        [
          [1, 'Early Family'],
          [2, 'Late Family'],
        ],
      );
    } finally {
      await restarted.stop();
    }
  });

  test("the breeder's notice of a waitlist inquiry says so in its subject; others keep the spec's", async () => {
    const smtp: Peer = await startSmtpPeer({ auth: 'breeder:smtp-Pa55word-x' });
    cleanup.push(smtp.stop);
    const server = await startServer({
      dataDir: await tempDataDir(),
      env: {
        ...NO_LIMIT,
        SMTP_URL: `smtp://breeder:smtp-Pa55word-x@127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: 'breeder@doodles.test',
        PUBLIC_URL: 'https://doodles.test',
      },
    });
    cleanup.push(() => server.stop());
    const admin = await puppyAdmin(server.url, server.dataDir);
    assert.equal((await admin.send('PUT', '/api/next-litter', NEXT)).status, 200);
    const inquire = (puppy?: string) =>
      postInquiry(server.url, {
        name: 'Ann Lee',
        email: 'ann@example.com',
        message: 'We would love a puppy.',
        ...(puppy ? { puppy } : {}),
      });
    assert.equal((await inquire(CHOICE)).status, 201);
    assert.equal((await inquire('Daisy')).status, 201);
    assert.equal((await inquire()).status, 201);
    // The notices among what arrives (a first sign-in may bring a new-device email too).
    const deadline = Date.now() + 15_000;
    let subjects: string[] = [];
    while (subjects.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      subjects = (await Promise.all((await smtp.files()).map(parseMail)))
        .map((mail) => mail.subject ?? '')
        .filter((subject) => subject.startsWith('New puppy inquiry'))
        .sort();
    }
    assert.deepEqual(subjects, [
      'New puppy inquiry from Ann Lee',
      'New puppy inquiry from Ann Lee about Daisy',
      'New puppy inquiry: Ann Lee joined the waitlist',
    ]);
  });
});
