import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import {
  applicationsFile,
  contractsFile,
  dataEntries,
  familyFile,
  inquiryTriageFile,
  littersFile,
  pathOf,
  picksFile,
  transientEntries,
} from './registry';
import { openStorage } from './storage';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'doodles-storage-'));
  dirs.push(dir);
  return dir;
}

const inquiry = { name: 'Jane', email: 'jane@example.com', message: 'Hello puppies!' };
const photo = { id: 'abcdefABCDEF0123', width: 480, height: 640, widths: [480] };

describe('the storage layer', () => {
  test('every file and folder a running site writes is named in the registry and matches its schema', async () => {
    const dir = await tempDir();
    const storage = await openStorage(dir);
    const secret = await storage.sessionSecret();
    assert.equal(await storage.sessionSecret(), secret, 'kept');
    const created = await storage.records.createInquiry(inquiry);
    await storage.records.markInquiryRead(created.id);
    await storage.records.endSession('sid-1', Date.now() + 60_000);
    await storage.photos.write(`${photo.id}-480.jpg`, Buffer.from('jpeg'));
    await storage.photos.sync();
    const puppies = await storage.openPuppies(async () => ({
      puppies: [],
      photos: [{ ...photo, addedAt: new Date().toISOString() }],
    }));
    await storage.openDocument(littersFile, async () => ({
      version: 1 as const,
      litters: [],
      puppies: {},
      waiting: {},
      families: {},
    }));
    const outbox = await storage.openOutbox();
    await outbox.put({
      inquiryId: created.id,
      channel: 'email',
      state: 'sent',
      attempts: 1,
      queuedAt: created.createdAt,
      updatedAt: new Date().toISOString(),
    });
    await outbox.close();
    const sources = await storage.openInquirySources();
    await sources.record(created.id, { source: 'flyer', campaign: 'spring-litter' });
    const accounts = await storage.openAccounts();
    await accounts.change('user-1', () => [{}, null]);
    const sales = await storage.openSales();
    await sales.change((data) => [{ ...data, waitlist: [created.id] }, null]);
    const certificate = await storage.openHttpsCertificate();
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await certificate.change((data) => [
      { ...data, account: { directoryUrl: 'https://acme.example/dir', key } },
      null,
    ]);
    const visits = await storage.openVisits();
    visits.day('2026-11-26').views += 1;
    visits.changedNow();
    const template = { title: 'Agreement', text: 'Dear {family}', breederName: '' };
    const saved = { revision: 1, savedAt: new Date().toISOString(), savedBy: '', template };
    await storage.openDocument(contractsFile, async () => ({
      version: 1 as const,
      template: saved,
      draft: null,
      history: [saved],
      contracts: [],
    }));
    await storage.contractPdfs.write('00000000-0000-4000-8000-000000000000.pdf', Buffer.from('%PDF-1.3'));
    // family.json (issue 28): its feature writes an empty one on a first start.
    await storage.openDocument(familyFile, async () => ({
      version: 1 as const,
      links: [],
      payments: [],
      prices: {},
      goHome: {},
      settings: { paymentInstructions: '', whatToBring: '', paymentLink: '' },
      mails: [],
      updates: [],
      proofs: [],
      questions: [],
    }));
    await storage.proofs.write('abcdefghijklmnopqrstuv.pdf', Buffer.from('%PDF-1.4'));
    // picks.json (issue 29): the picks feature writes an empty one on a first start.
    await storage.openDocument(picksFile, async () => ({ version: 1 as const, rounds: [] }));
    // inquiry-triage.json (issue 32): the inquiries feature writes an empty one on a first start.
    await storage.openDocument(inquiryTriageFile, async () => ({
      version: 1 as const,
      held: {},
      released: {},
      deleted: {},
    }));
    // applications.json (issue 29): its feature writes the standard questions on a first start.
    await storage.openDocument(applicationsFile, async () => ({
      version: 1 as const,
      questionsVersion: 1,
      questions: [
        { id: 'yard', label: 'Do you have a yard?', kind: 'long' as const, required: true, choices: [] },
      ],
      applications: {},
    }));
    await storage.close(); // writes the visits
    assert.equal(puppies.data.photos.length, 1);

    const names = new Set(dataEntries.map((entry) => entry.name));
    assert.equal(
      transientEntries.filter((entry) => names.has(entry.name)).length,
      0,
      'data and transient entries are apart',
    );
    const present = await readdir(dir);
    for (const name of present) assert.ok(names.has(name), `${name} is in the registry`);
    // users.json comes from the create-admin command, site.json's first content from the content
    // feature (its own tests open it); everything else is here.
    assert.deepEqual(
      [...names].filter((name) => !present.includes(name)),
      ['users.json', 'site.json'],
    );
    for (const entry of dataEntries) {
      const where = pathOf(dir, entry);
      if (entry.kind === 'folder') {
        for (const name of await readdir(where)) assert.ok(entry.schema.safeParse(name).success, name);
        continue;
      }
      const text = await readFile(where, 'utf8').catch(() => null);
      if (text === null) continue;
      if (entry.kind === 'json') assert.ok(entry.schema.safeParse(JSON.parse(text)).success, entry.name);
      if (entry.kind === 'text') assert.ok(entry.schema.safeParse(text).success, entry.name);
      if (entry.kind === 'lines') {
        for (const line of text.trimEnd().split('\n').slice(1))
          assert.ok(entry.schema.safeParse(JSON.parse(line)).success, `${entry.name}: ${line}`);
      }
    }
    assert.equal((await stat(path.join(dir, 'session-secret'))).mode & 0o777, 0o600);
    assert.equal((await stat(path.join(dir, 'https-certificate.json'))).mode & 0o777, 0o600);
  });

  test('holdWrites waits for the write under way, then holds every new one until released: none lost', async () => {
    const dir = await tempDir();
    const storage = await openStorage(dir);
    const inquiries = path.join(dir, 'inquiries.json');
    const stored = async () => JSON.parse(await readFile(inquiries, 'utf8')).inquiries.length as number;

    const during = storage.records.createInquiry(inquiry);
    // The batch is written after one event-loop turn: from the next one on, its write is under way.
    await new Promise((resolve) => setImmediate(resolve));
    const release = await storage.holdWrites();
    assert.equal(await stored(), 1, 'the write under way finished before the hold');
    let answered = 0;
    const held = [1, 2, 3].map(() => storage.records.createInquiry(inquiry).then(() => (answered += 1)));
    const photo = storage.photos.write('heldphoto0000000-480.jpg', Buffer.from('x'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(await stored(), 1, 'nothing written while held');
    assert.equal(answered, 0, 'nobody answered while held');
    assert.deepEqual(await readdir(path.join(dir, 'photos')).catch(() => []), []);

    release();
    release(); // a second call changes nothing
    await Promise.all([during, ...held, photo]);
    assert.equal(await stored(), 4, 'every held write landed once released');
    assert.deepEqual(await readdir(path.join(dir, 'photos')), ['heldphoto0000000-480.jpg']);
    await storage.close();
  });
});

describe('the copy kept before litters.json is first made (decision 121)', () => {
  test('an earlier release (puppies.json, no litters.json): its files copied as they were, once', async () => {
    const dir = await tempDir();
    const files = {
      'puppies.json': '{"version":1,"puppies":[],"photos":[]}\n',
      'site.json': '{"version":1,"published":{}}\n',
      'sales.json': '{"version":1,"inquiries":{},"reservations":[]}\n',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    const storage = await openStorage(dir);
    assert.ok(storage.beforeLitters?.startsWith('before-litters-'), String(storage.beforeLitters));
    for (const [name, text] of Object.entries(files))
      assert.equal(await readFile(path.join(dir, storage.beforeLitters as string, name), 'utf8'), text);
    await storage.close();
    // A start that died before litters.json was written keeps the first copy, and makes no other.
    await writeFile(path.join(dir, 'puppies.json'), '{"version":1,"puppies":[],"photos":[],"x":1}\n');
    const again = await openStorage(dir);
    assert.equal(again.beforeLitters, storage.beforeLitters);
    assert.equal((await readdir(dir)).filter((name) => name.startsWith('before-litters-')).length, 1);
    await again.close();
  });

  test('a first start (no puppies.json) and a site with litters.json copy nothing', async () => {
    const fresh = await tempDir();
    const storage = await openStorage(fresh);
    assert.equal(storage.beforeLitters, null);
    await storage.close();
    const done = await tempDir();
    await writeFile(path.join(done, 'puppies.json'), '{"version":1,"puppies":[],"photos":[]}\n');
    await writeFile(path.join(done, 'litters.json'), '{}\n');
    const upgraded = await openStorage(done);
    assert.equal(upgraded.beforeLitters, null);
    assert.equal(
      (await readdir(done)).some((name) => name.startsWith('before-litters')),
      false,
    );
    await upgraded.close();
  });
});
