/**
 * Deleted likely spam is really removed (issue 32, decision 113): after "Delete" or the 30-day
 * rule, the inquiry's words are in no file of DATA_DIR and in no new backup archive, while every
 * other inquiry, its source, read mark, status and note stay as they were, and the notices'
 * baseline still stops where it did. A SIGKILL before any of the erasure's writes loses nothing,
 * and the next start finishes it.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Inquiry } from '../../src/shared/api';
import { ADMIN, createAdmin, PASSWORD, signIn } from '../helpers/admin';
import { runBuiltOk } from '../helpers/backup';
import { manyInquiries, writeInquiriesFile } from '../helpers/seed';
import { type RunningServer, startServer } from '../helpers/server';
import { until } from '../helpers/until';
import { parseMail, startSmtpPeer } from '../peers/start-peer';

const DAY = 24 * 3600_000;
const cleanup: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A scam inquiry whose every field carries `token`, so a search for it finds any copy. */
const scam = (token: string, createdAt: Date): Inquiry => ({
  id: randomUUID(),
  name: `Agent ${token}`,
  email: `${token.toLowerCase()}@scam.example`,
  phone: `+44 ${token}`,
  message: `My shipping agent will collect the puppy, I pay by cashier check. Ref ${token}`,
  createdAt: createdAt.toISOString(),
});

/** The files under `dir` (recursively) whose bytes contain `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file)).includes(needle)) found.push(path.relative(dir, file));
  }
  return found;
}

const readJson = async (dataDir: string, name: string) =>
  JSON.parse(await readFile(path.join(dataDir, name), 'utf8'));

interface Seeded {
  dataDir: string;
  families: Inquiry[];
  deleteMe: Inquiry;
  oldSpam: Inquiry;
}

/**
 * A data directory as a running site leaves it: `count` family inquiries, an old held scam in
 * their middle (held 31 days ago: the 30-day rule deletes it), and a held scam newest of all,
 * with a visit source and a read mark each, and the email notices' baseline on the newest scam.
 */
async function seed(count: number): Promise<Seeded> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-erase-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const now = new Date();
  const families = manyInquiries(count, new Date(now.getTime() - 60 * DAY));
  const oldSpam = scam('OLDSCAM4471', new Date(now.getTime() - 45 * DAY));
  const deleteMe = scam('NEWSCAM9083', now);
  const middle = Math.floor(count / 2);
  const inquiries = [...families.slice(0, middle), oldSpam, ...families.slice(middle), deleteMe];
  await writeInquiriesFile(dataDir, inquiries);
  const held = (at: number) => ({
    heldAt: new Date(at).toISOString(),
    score: 6,
    reasons: [{ rule: 'agent' }],
  });
  await writeFile(
    path.join(dataDir, 'inquiry-triage.json'),
    JSON.stringify({
      version: 1,
      held: { [oldSpam.id]: held(now.getTime() - 31 * DAY), [deleteMe.id]: held(now.getTime()) },
      released: {},
      deleted: {},
    }),
  );
  const sources = Object.fromEntries(
    inquiries.map((inquiry, i) => [inquiry.id, { referrer: `site${i}.example` }]),
  );
  sources[deleteMe.id] = { referrer: 'NEWSCAM9083.example' };
  sources[oldSpam.id] = { referrer: 'OLDSCAM4471.example' };
  await writeFile(path.join(dataDir, 'inquiry-sources.json'), JSON.stringify({ version: 1, sources }));
  const reads = Object.fromEntries(inquiries.map((inquiry) => [inquiry.id, now.toISOString()]));
  await writeFile(path.join(dataDir, 'inquiry-reads.json'), JSON.stringify({ version: 1, reads }));
  const enabledAt = new Date(now.getTime() + 1000).toISOString();
  await writeFile(
    path.join(dataDir, 'outbox.json'),
    JSON.stringify({
      version: 2,
      baselines: { email: { enabledAt, afterInquiryId: deleteMe.id } },
      waiting: [],
    }),
  );
  // The newest scam came as an application (issue 29): its answers carry its token too, and a
  // family's application beside it must stay.
  const application = (litterName: string, answer: string) => ({
    litterId: 'litter-1',
    litterName,
    appliedAt: now.toISOString(),
    answers: [
      { question: { id: 'why', label: 'Why us?', kind: 'long', required: true, choices: [] }, answer },
    ],
    decision: null,
  });
  await writeFile(
    path.join(dataDir, 'applications.json'),
    JSON.stringify({
      version: 1,
      questionsVersion: 1,
      questions: [],
      applications: {
        [deleteMe.id]: application('Luna', 'My agent NEWSCAM9083 pays by gift card'),
        [families[0]?.id ?? '']: application('Luna', 'We love doodles'),
      },
      asked: { [deleteMe.id]: 'litter-1' },
    }),
  );
  await createAdmin(dataDir, ADMIN, PASSWORD);
  return { dataDir, families, deleteMe, oldSpam };
}

const scamWords = (inquiry: Inquiry) => [inquiry.name, inquiry.email, inquiry.phone ?? '', inquiry.message];

describe('deleted likely spam leaves no word behind', () => {
  test('"Delete" and the 30-day rule remove its words from DATA_DIR and from a new backup; the rest is kept', async () => {
    const smtp = await startSmtpPeer();
    cleanup.push(smtp.stop);
    const { dataDir, families, deleteMe, oldSpam } = await seed(20);
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      PUBLIC_URL: 'https://doodles.test',
      INQUIRY_RATE_LIMIT: 'off',
    };
    let server: RunningServer = await startServer({ dataDir, env, keepData: true });
    cleanup.push(() => server.stop());
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const send = (method: string, url: string, body?: unknown) =>
      fetch(`${server.url}${url}`, {
        method,
        headers: { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    // The 30-day rule ran at start: the old scam is gone from every file already.
    for (const word of ['OLDSCAM4471', ...scamWords(oldSpam)])
      assert.deepEqual(await filesHolding(dataDir, word), [], word);
    // Her note and status on the scam before she deletes it: they go with it.
    assert.equal(
      (await send('POST', `/api/inquiries/${deleteMe.id}/notes`, { text: 'Note NEWSCAM9083' })).status,
      200,
    );
    assert.equal(
      (await send('POST', `/api/inquiries/${deleteMe.id}/status`, { status: 'contacted' })).status,
      200,
    );
    const family = families[3] as Inquiry;
    assert.equal(
      (await send('POST', `/api/inquiries/${family.id}/notes`, { text: 'Lovely family' })).status,
      200,
    );
    assert.deepEqual(await filesHolding(dataDir, 'Note NEWSCAM9083'), ['sales.json']);

    assert.equal((await send('DELETE', `/api/inquiries/${deleteMe.id}`)).status, 204);
    for (const word of ['NEWSCAM9083', ...scamWords(deleteMe)])
      assert.deepEqual(await filesHolding(dataDir, word), [], word);
    assert.equal((await send('DELETE', `/api/inquiries/${deleteMe.id}`)).status, 404, 'no longer stored');

    // Every other inquiry as it was, in order; its source, read mark and note kept.
    assert.deepEqual((await readJson(dataDir, 'inquiries.json')).inquiries, families);
    const sources = (await readJson(dataDir, 'inquiry-sources.json')).sources;
    assert.deepEqual(
      Object.keys(sources),
      families.map((inquiry) => inquiry.id),
    );
    assert.equal(Object.keys((await readJson(dataDir, 'inquiry-reads.json')).reads).length, families.length);
    const sales = await readJson(dataDir, 'sales.json');
    assert.deepEqual(Object.keys(sales.inquiries), [family.id]);
    const applications = await readJson(dataDir, 'applications.json');
    assert.deepEqual(Object.keys(applications.applications), [families[0]?.id]);
    assert.deepEqual(applications.asked, {});
    // The baseline stops where it did: at the newest inquiry that stays.
    const outbox = await readJson(dataDir, 'outbox.json');
    assert.equal(outbox.baselines.email.afterInquiryId, families.at(-1)?.id);
    const triage = await readJson(dataDir, 'inquiry-triage.json');
    assert.deepEqual(Object.keys(triage.held), []);
    assert.deepEqual(Object.keys(triage.deleted).sort(), [deleteMe.id, oldSpam.id].sort());

    // A new backup archive holds none of it (the tar inside the gzip is searched byte for byte).
    const archive = path.join(dataDir, '..', `erase-${randomUUID()}.tar.gz`);
    cleanup.push(() => rm(archive, { force: true }));
    await runBuiltOk('backup', ['--out', archive], { DATA_DIR: dataDir });
    const tar = gunzipSync(await readFile(archive));
    assert.ok(tar.includes(family.message), 'the archive holds the inquiries');
    for (const word of ['NEWSCAM9083', 'OLDSCAM4471']) assert.equal(tar.includes(word), false, word);

    // After a restart: the inbox as before, and no notice for anything old (the baseline held).
    assert.equal(await server.stop(), 0);
    server = await startServer({ dataDir, env, keepData: true });
    const again = await signIn(server.url, ADMIN, PASSWORD);
    const inbox = (await (await fetch(`${server.url}/api/inbox`, { headers: { Cookie: again } })).json()) as {
      total: number;
      spam: number;
    };
    assert.equal(inbox.total, families.length);
    assert.equal(inbox.spam, 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = await Promise.all((await smtp.files()).map(parseMail));
    const notices = mails.filter((mail) => /^<notice\./.test(mail.messageId ?? ''));
    assert.deepEqual(
      notices.map((mail) => mail.messageId),
      [],
      'no notice for an old inquiry',
    );
  });

  test('SIGKILL before each write of an erasure: every file whole, nothing else lost, the next start finishes it', async () => {
    // The server kills itself just before its n-th rename once armed (test/helpers/kill-before-rename.mjs):
    // n = 1, 2, … until an erasure runs through, so every state a crash can leave on disk is
    // tried, with the temp file of the write it cut off, whatever the machine's speed.
    const hook = pathToFileURL(path.resolve('test/helpers/kill-before-rename.mjs')).href;
    const cutOff: string[] = [];
    for (let at = 1; at <= 20; at++) {
      const { dataDir, families, deleteMe } = await seed(300);
      const env = { LOG_LEVEL: 'error', NODE_OPTIONS: `--import ${hook}`, KILL_BEFORE_RENAME: String(at) };
      let server = await startServer({ dataDir, keepData: true, env });
      const killed = server;
      // A failure says what each server printed (an error logged by the erasure at the restart,
      // say) and which files were left.
      const explained = async (error: unknown) => {
        const files = (await readdir(dataDir)).join(', ');
        const printed = `killed server:\n${killed.output()}\nrestarted server:\n${server === killed ? '(none)' : server.output()}`;
        return new Error(
          `killed before rename ${at}: ${String(error).slice(0, 4000)}\nfiles: ${files}\n${printed}`,
          { cause: error },
        );
      };
      try {
        const cookie = await signIn(server.url, ADMIN, PASSWORD);
        server.process.kill('SIGUSR2');
        await until(() => server.output().includes('armed'), 'the kill armed', 10_000);
        const answer = await fetch(`${server.url}/api/inquiries/${deleteMe.id}`, {
          method: 'DELETE',
          headers: { Cookie: cookie },
        }).catch(() => null);
        const ranThrough = answer !== null;
        if (ranThrough) assert.equal(answer.status, 204);
        assert.equal(await server.stop(), ranThrough ? 0 : null, 'killed, or stopped after the erasure');
        const renames = [...killed.output().matchAll(/^rename \d+: (.+)$/gm)].map((m) =>
          path.basename(m[1] ?? ''),
        );
        if (!ranThrough) cutOff.push(renames.at(-1) ?? '');

        server = await startServer({ dataDir, keepData: true, env: { LOG_LEVEL: 'error' } });
        const stored = (await readJson(dataDir, 'inquiries.json')).inquiries as Inquiry[];
        const triage = await readJson(dataDir, 'inquiry-triage.json');
        if (Object.hasOwn(triage.deleted, deleteMe.id)) {
          assert.deepEqual(stored, families, 'erased at the restart');
          for (const word of ['NEWSCAM9083', ...scamWords(deleteMe)])
            assert.deepEqual(await filesHolding(dataDir, word), [], word);
        } else {
          // Killed before the deletion was on disk: still held, as if she had not pressed Delete.
          assert.deepEqual(stored, [...families, deleteMe], 'nothing changed');
          assert.ok(Object.hasOwn(triage.held, deleteMe.id));
        }
        assert.equal(
          Object.keys((await readJson(dataDir, 'inquiry-sources.json')).sources).length,
          stored.length,
        );
        assert.equal(await server.stop(), 0);
        if (ranThrough) break;
      } catch (error) {
        await server.stop('SIGKILL');
        throw await explained(error);
      }
    }
    console.log(`# killed before writing, in turn: ${cutOff.join(', ')}`);
    // The deletion first (hidden at once), inquiries.json last (an erasure is finished only once
    // the inquiry is no longer there): decision 113.
    assert.deepEqual(cutOff, [
      'inquiry-triage.json',
      'inquiry-sources.json',
      'applications.json',
      'inquiry-reads.json',
      'inquiries.json',
    ]);
  });
});
