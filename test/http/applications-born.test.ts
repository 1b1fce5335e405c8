/**
 * Issue 29's "Apply for this litter" on a born litter (decision 131): her per-litter "Take
 * applications" choice. A fresh install's first litter does not take applications, so `/` is the
 * spec's page; once she turns it on, `/` links its application page (server-only markup under the
 * puppies) and the page takes applications; a litter she adds takes them until she turns it off,
 * and the server then refuses an application to it as it refuses one to a hidden litter.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { LitterList, LitterView } from '../../src/features/litters/litters';
import { readInquiriesFile } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const answers = {
  name: 'Blair Born',
  email: 'blair@example.com',
  phone: '928-555-0101',
  'answer-home-type': 'House',
  'answer-own-or-rent': 'Own',
  'answer-yard': 'Fenced.',
  'answer-household': 'Two adults.',
  'answer-allergies': 'No',
  'answer-hours-alone': '2',
  'answer-dogs-before': 'A beagle.',
  'answer-why': 'Raised at home.',
  'answer-vet-phone': '(928) 555-0199',
} as const;

describe('applications: "Take applications" on a born litter', () => {
  const tempDataDir = suiteTempDirs('applications-born');
  let server: RunningServer;
  let dataDir: string;
  let admin: PuppyClient;

  before(async () => {
    dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });
  after(() => server?.stop());

  const apply = (id: string) =>
    fetch(`${server.url}/apply/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams(answers).toString(),
    });
  const inquiries = async () => (await readInquiriesFile(dataDir)).inquiries.length;
  const litters = async () =>
    ((await (await admin.send('GET', '/api/litters')).json()) as LitterList).litters;
  const litterNamed = async (name: string) => (await litters()).find((l) => l.name === name) as LitterView;
  const applyLinks = async () => {
    const $ = cheerio.load(await (await fetch(`${server.url}/`)).text());
    return $('a')
      .filter((_, el) => $(el).text() === 'Apply for this litter')
      .map((_, el) => $(el).attr('href'))
      .get();
  };
  const setApplications = (litter: LitterView, applications: unknown) =>
    admin.send('PUT', `/api/litters/${litter.id}`, {
      name: litter.name,
      mother: litter.mother,
      father: litter.father,
      expected: litter.expected,
      description: litter.description,
      shown: litter.shown,
      ...(litter.status === 'planned' ? {} : { born: litter.born }),
      applications,
      version: litter.version,
    });

  test('a fresh install: the first litter takes no applications, `/` has no link, applying is refused', async () => {
    const first = await litterNamed('February 2025 litter');
    assert.equal(first.applications, false);
    assert.deepEqual(await applyLinks(), []);
    assert.equal((await fetch(`${server.url}/apply/${first.id}`)).status, 404);
    const before = await inquiries();
    const res = await apply(first.id);
    assert.equal(res.status, 404);
    assert.match(await res.text(), /not taking applications/);
    assert.equal(await inquiries(), before, 'nothing stored');
  });

  test('she turns it on: `/` links its page under the puppies, and a family applies', async () => {
    const first = await litterNamed('February 2025 litter');
    assert.equal((await setApplications(first, true)).status, 200);
    assert.equal((await litterNamed('February 2025 litter')).applications, true);
    const $ = cheerio.load(await (await fetch(`${server.url}/`)).text());
    const card = $('#puppies #puppies-apply > div');
    assert.equal(card.length, 1);
    assert.equal(card.find('h3').text(), 'February 2025 litter');
    const link = card.find('a');
    assert.equal(link.text(), 'Apply for this litter');
    assert.equal(link.attr('href'), `/apply/${first.id}`);
    assert.equal(link.attr('aria-describedby'), card.find('h3').attr('id'));
    assert.equal((await fetch(`${server.url}/apply/${first.id}`)).status, 200);
    const before = await inquiries();
    const res = await apply(first.id);
    assert.equal(res.status, 303);
    assert.equal(await inquiries(), before + 1);
  });

  test('a born litter she adds takes applications; turned off, its link goes and applying is refused', async () => {
    const res = await admin.send('POST', '/api/litters', {
      name: 'Maple × Finn',
      mother: 'Maple',
      father: 'Finn',
      status: 'born',
      expected: '',
      born: '2025-06-01',
      description: '',
      shown: false,
    });
    assert.equal(res.status, 201);
    const added = await litterNamed('Maple × Finn');
    assert.equal(added.applications, true, 'on for a litter she adds');
    // Youngest first.
    assert.deepEqual(await applyLinks(), [`/apply/${added.id}`, '/apply/litter-1']);

    assert.equal((await setApplications(added, false)).status, 200);
    assert.deepEqual(await applyLinks(), ['/apply/litter-1']);
    const before = await inquiries();
    const refused = await apply(added.id);
    assert.equal(refused.status, 404);
    assert.equal(await inquiries(), before, 'nothing stored');
  });

  test('a planned litter she shows but takes no applications for: its card has no link, applying is refused', async () => {
    const res = await admin.send('POST', '/api/litters', {
      name: 'Hazel × Otis',
      mother: 'Hazel',
      father: 'Otis',
      status: 'planned',
      expected: '2027-04',
      description: '',
      shown: true,
      applications: false,
    });
    assert.equal(res.status, 201);
    const planned = await litterNamed('Hazel × Otis');
    assert.equal(planned.applications, false);
    const $ = cheerio.load(await (await fetch(`${server.url}/`)).text());
    assert.equal($('#next-litter article').length, 1);
    assert.equal($('#next-litter a').filter((_, el) => $(el).text() === 'Apply for this litter').length, 0);
    assert.equal((await apply(planned.id)).status, 404);
  });

  test('hostile: "applications" not a boolean is a 400 with a message, nothing changes', async () => {
    const first = await litterNamed('February 2025 litter');
    for (const bad of ['yes', 1, null, { on: true }]) {
      const res = await setApplications(first, bad);
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.ok(((await res.json()) as { message: string }).message, JSON.stringify(bad));
    }
    const after = await litterNamed('February 2025 litter');
    assert.equal(after.version, first.version);
    assert.equal(after.applications, true);
  });
});
