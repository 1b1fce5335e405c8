import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { FamilyUpdates } from '../../src/features/family/family';
import { exifTags, fixtureDir, phoneJpeg } from '../fixtures/photos';
import { deliverFirstLink, familyPageHelpers, startFamilyStory } from '../helpers/family-page';
import type { PuppyClient } from '../helpers/puppies';
import type { RunningServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';
import type { Peer } from '../peers/start-peer';

// The family's page (issue 28): her updates with photos (to one family, to the litter) and the
// family's proofs of payment, through the built server and a real SMTP server process.
describe('family page: updates and proofs of payment', () => {
  const tempDataDir = suiteTempDirs('family-page-updates');
  let server: RunningServer;
  let smtp: Peer;
  let dataDir: string;
  let admin: PuppyClient;
  let family: string;
  let other: string;

  before(async () => {
    dataDir = await tempDataDir();
    ({ smtp, server, admin, family, other } = await startFamilyStory(dataDir));
    // Daisy reserved for Bo Other with a $300 deposit, as the money test of family-page-money does.
    const daisy = await admin.find('Daisy');
    const reserved = await admin.send('POST', `/api/inquiries/${other}/reservation`, {
      puppyId: daisy.id,
      deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
    });
    assert.equal(reserved.status, 200);
    // Bo Other's page link sent, as family-page-money's question test sends it (an update is
    // emailed to the families with an active link).
    await deliverFirstLink(smtp, admin, other);
  });
  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const { ok, local, mailWhere, as } = familyPageHelpers(() => ({
    server,
    smtp,
    admin,
    dataDir,
  }));

  test('"Post an update": photos through the upload, each family emailed a link (no attachment), edit, delete', async () => {
    const fixtures = await fixtureDir();
    const photo = await admin.uploaded(await phoneJpeg(fixtures));
    const state = await ok('GET', `/api/inquiries/${other}/family`);
    const reservationId = state.money?.reservationId ?? '';
    const tooMany = await admin.send('POST', '/api/family-updates', {
      scope: 'family',
      reservationId,
      text: 'x',
      photos: Array.from({ length: 11 }, () => ({ id: photo.id, alt: '' })),
    });
    assert.equal(tooMany.status, 400);
    const unknown = await admin.send('POST', '/api/family-updates', {
      scope: 'family',
      reservationId,
      text: 'x',
      photos: [{ id: 'not-a-photo', alt: '' }],
    });
    assert.equal(unknown.status, 400);
    const posted = await admin.send('POST', '/api/family-updates', {
      scope: 'family',
      reservationId,
      text: 'Daisy <opened> her eyes!',
      photos: [{ id: photo.id, alt: 'Daisy asleep' }],
    });
    assert.equal(posted.status, 200);
    const { updates } = (await posted.json()) as FamilyUpdates;
    const update = updates[0];
    assert.equal(update?.audience, "Daisy's family");
    const mail = await mailWhere((item) => item.subject === 'New photos of Daisy');
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'bo@example.com');
    assert.equal(mail.attachments.length, 0, 'never the photos as attachments');
    const url = /https:\/\/doodles\.test\/family\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0] ?? '';
    assert.ok(url, 'a link to their page');
    const page = cheerio.load(await (await fetch(local(url), { headers: as() })).text());
    assert.equal(page('#updates-heading').parent().find('p.pre').first().text(), 'Daisy <opened> her eyes!');
    const src = page('.update img').attr('src') ?? '';
    assert.match(src, /^\/media\//);
    const served = await fetch(`${server.url}${src}`);
    assert.equal(served.status, 200);
    const { writeFile } = await import('node:fs/promises');
    const copy = path.join(fixtures, 'served.jpg');
    await writeFile(copy, Buffer.from(await served.arrayBuffer()));
    assert.equal((await exifTags(copy)).GPSLatitude, undefined, 'no GPS in what families get');
    // Her view: who was emailed and whether it arrived.
    let listed = (await (await admin.send('GET', '/api/family-updates')).json()) as FamilyUpdates;
    for (let i = 0; i < 50 && listed.updates[0]?.emailed[0]?.state !== 'sent'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = (await (await admin.send('GET', '/api/family-updates')).json()) as FamilyUpdates;
    }
    assert.deepEqual(listed.updates[0]?.emailed, [
      { familyName: 'Bo Other', to: 'bo@example.com', state: 'sent' },
    ]);
    // The other family (no reservation) sees none of it.
    const theirs = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    assert.ok(!(await (await fetch(local(theirs.url ?? ''), { headers: as() })).text()).includes('opened'));

    const edited = await admin.send('PUT', `/api/family-updates/${update?.id}`, {
      text: 'Daisy opened her eyes today',
      photos: [{ id: photo.id, alt: 'Daisy asleep' }],
    });
    assert.equal(edited.status, 200);
    const after = cheerio.load(await (await fetch(local(url), { headers: as() })).text());
    assert.equal(after('.update p.pre').first().text(), 'Daisy opened her eyes today');
    const deleted = await admin.send('DELETE', `/api/family-updates/${update?.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(
      (await fetch(`${server.url}${src}`)).status,
      404,
      "a deleted update's photos are no longer served",
    );
    const gone = cheerio.load(await (await fetch(local(url), { headers: as() })).text());
    assert.equal(gone('#updates-heading').length, 0);
    assert.equal((await admin.send('DELETE', `/api/family-updates/${update?.id}`)).status, 404);
  });

  test('"News about the litter": every family with a reservation', async () => {
    const posted = await admin.send('POST', '/api/family-updates', {
      scope: 'litter',
      text: 'Vet visit went well',
      photos: [],
    });
    assert.equal(posted.status, 200);
    const mail = await mailWhere((item) => item.subject === 'News about the February 2025 litter');
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'bo@example.com');
  });

  test('"Add proof of payment": a photo or PDF checked by its bytes, size-limited; hostile files refused', async () => {
    const link = await ok('POST', `/api/inquiries/${other}/family-link`, {});
    const url = `${local(link.url ?? '')}/proofs`;
    const headers = as();
    const send = (name: string, type: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('proof', new Blob([new Uint8Array(bytes)], { type }), name);
      return fetch(url, { method: 'POST', headers, body: form, redirect: 'manual' });
    };
    const fixtures = await fixtureDir();
    const jpeg = await readFile(await phoneJpeg(fixtures));
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const hostile: [string, string, Buffer, number, RegExp][] = [
      [
        'receipt.jpg',
        'image/jpeg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        415,
        /Only a photo/,
      ],
      [
        'receipt.pdf',
        'application/pdf',
        Buffer.from('<html><script>alert(1)</script></html>'),
        415,
        /Only a photo/,
      ],
      ['receipt.png', 'image/png', Buffer.from('MZ\x90\x00 a program, not a picture'), 415, /Only a photo/],
      [
        'big.jpg',
        'image/jpeg',
        Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(9 * 1024 * 1024)]),
        413,
        /too large/,
      ],
      ['empty.jpg', 'image/jpeg', Buffer.alloc(0), 400, /Choose a photo/],
    ];
    for (const [name, type, bytes, status, message] of hostile) {
      const res = await send(name, type, bytes);
      assert.equal(res.status, status, name);
      assert.match(await res.text(), message, name);
    }
    const notMultipart = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'proof=x',
    });
    assert.equal(notMultipart.status, 415);
    let state = await ok('GET', `/api/inquiries/${other}/family`);
    assert.equal(state.money?.proofs.length, 0, 'nothing kept of the refused ones');

    for (const [name, type, bytes] of [
      ['IMG_0001.JPG', 'image/jpeg', jpeg],
      ['zelle.pdf', 'application/pdf', pdf],
    ] as const) {
      const res = await send(name, type, bytes);
      assert.equal(res.status, 303, name);
      assert.match(res.headers.get('location') ?? '', /proof=sent/);
    }
    state = await ok('GET', `/api/inquiries/${other}/family`);
    assert.deepEqual(
      state.money?.proofs.map((proof) => proof.type),
      ['image/jpeg', 'application/pdf'],
    );
    const stored = await admin.send('GET', `/api/family-proofs/${state.money?.proofs[1]?.id}`);
    assert.equal(stored.status, 200);
    assert.equal(stored.headers.get('content-type'), 'application/pdf');
    assert.match(stored.headers.get('content-security-policy') ?? '', /sandbox/);
    assert.equal(stored.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await stored.arrayBuffer()), pdf);
    assert.equal((await fetch(`${server.url}/api/family-proofs/${state.money?.proofs[1]?.id}`)).status, 401);
    const page = cheerio.load(await (await fetch(local(link.url ?? ''), { headers })).text());
    assert.deepEqual(
      page('#money-heading')
        .parent()
        .find('.checklist li')
        .map((_, el) => page(el).text())
        .get().length,
      2,
    );
  });
});
