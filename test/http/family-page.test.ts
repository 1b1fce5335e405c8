import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { familyPageHelpers, startFamilyStory } from '../helpers/family-page';
import type { PuppyClient } from '../helpers/puppies';
import type { RunningServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';
import type { Peer } from '../peers/start-peer';

// Each family's page (issue 28): the link and its security model, the page itself, through the
// built server and a real SMTP server process (the money and go-home day: family-page-money,
// updates and receipts: family-page-updates).
describe('family page: a private link per family', () => {
  const tempDataDir = suiteTempDirs('family-page');
  let server: RunningServer;
  let smtp: Peer;
  let dataDir: string;
  let admin: PuppyClient;
  let family: string;
  let other: string;

  before(async () => {
    dataDir = await tempDataDir();
    ({ smtp, server, admin, family, other } = await startFamilyStory(dataDir));
  });
  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const { ok, local, tokenOf, mailWhere, familyFile, as } = familyPageHelpers(() => ({
    server,
    smtp,
    admin,
    dataDir,
  }));

  test('only she may send, replace or turn off a link (401 signed out, 403 from another site)', async () => {
    for (const url of [
      `/api/inquiries/${family}/family-link`,
      `/api/inquiries/${family}/family-link/turn-off`,
    ]) {
      const anonymous = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(anonymous.status, 401);
      const crossSite = await admin.send('POST', url, {}, { 'Sec-Fetch-Site': 'cross-site' });
      assert.equal(crossSite.status, 403);
    }
    assert.equal((await admin.send('POST', '/api/inquiries/nope/family-link', {})).status, 404);
    // Without STRIPE_WEBHOOK_SECRET there is no webhook: nothing is charged or recorded by card.
    const webhook = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(webhook.status, 404);
  });

  test('"Send family page": a 256-bit link, stored only as its hash, emailed and shown once', async () => {
    const state = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    assert.ok(state.url?.startsWith('https://doodles.test/family/'));
    const token = tokenOf(state.url ?? '');
    assert.equal(Buffer.from(token, 'base64url').length, 32, '256 random bits');
    assert.equal(state.link?.active, true);
    const stored = await familyFile();
    assert.ok(
      !stored.includes(token) || stored.includes('"state":"waiting"'),
      'only in the email still to send',
    );
    const mail = await mailWhere((item) => Boolean(item.text?.includes(state.url ?? '')));
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'ann@example.com');
    assert.match(mail.subject ?? '', /Your family page/);
    assert.ok(mail.text?.includes(state.url ?? ''), 'the email carries the link');
    assert.equal(mail.attachments.length, 0);
    // Once delivered, the token leaves the disk: only its SHA-256 stays.
    for (let i = 0; i < 50 && (await familyFile()).includes(token); i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const after = await familyFile();
    assert.ok(!after.includes(token), 'the token is not on disk once sent');
    const { createHash } = await import('node:crypto');
    assert.ok(after.includes(createHash('sha256').update(token).digest('hex')));
    let again = await ok('GET', `/api/inquiries/${family}/family`);
    for (let i = 0; i < 100 && again.mails[0]?.state !== 'sent'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      again = await ok('GET', `/api/inquiries/${family}/family`);
    }
    assert.equal(again.url, undefined, 'never shown again');
    assert.equal(again.mails[0]?.state, 'sent', `she sees it was delivered: ${JSON.stringify(again.mails)}`);
  });

  test('the page: the family, private, not indexed, no referrer, everything typed as text', async () => {
    const state = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    const res = await fetch(local(state.url ?? ''), { headers: as() });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.equal(res.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    const body = await res.text();
    const $ = cheerio.load(body);
    assert.equal($('h1').text(), 'Welcome, Ann <b>Lee</b>');
    assert.equal($('b').length, 0, 'the name is text');
    assert.equal($('meta[name="robots"]').attr('content'), 'noindex, nofollow');
    assert.equal($('script').length, 0, 'no script at all');
    assert.match($('#puppy-heading').text(), /waitlist/);
    assert.ok(!body.includes('Bo Other'), 'only its family');
  });

  test('"Replace link": the old link answers "no longer active", never data; "Turn off" ends the new one', async () => {
    const first = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    const second = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    const headers = as();
    const old = await fetch(local(first.url ?? ''), { headers });
    assert.equal(old.status, 410);
    const oldBody = await old.text();
    assert.match(oldBody, /This link is no longer active/);
    assert.ok(!oldBody.includes('Ann'), 'nothing of the family');
    assert.equal((await fetch(local(second.url ?? ''), { headers })).status, 200);
    const off = await ok('POST', `/api/inquiries/${family}/family-link/turn-off`, {});
    assert.equal(off.link?.active, false);
    const ended = await fetch(local(second.url ?? ''), { headers });
    assert.equal(ended.status, 410);
    assert.ok(!(await ended.text()).includes('Ann'));
    assert.equal((await admin.send('POST', `/api/inquiries/${family}/family-link/turn-off`, {})).status, 409);
  });

  test('many wrong tokens: nothing, then 429 for that client (a right link included), others unaffected', async () => {
    const right = await ok('POST', `/api/inquiries/${other}/family-link`, {});
    const guesser = as();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const wrong = Buffer.from(Array.from({ length: 32 }, () => Math.floor(Math.random() * 256))).toString(
        'base64url',
      );
      const res = await fetch(`${server.url}/family/${i % 3 === 0 ? 'short' : wrong}`, { headers: guesser });
      const text = await res.text();
      assert.ok(!text.includes('Bo Other') && !text.includes('Ann'));
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(404));
    assert.deepEqual(new Set(statuses.slice(10)), new Set([429]));
    const blocked = await fetch(local(right.url ?? ''), { headers: guesser });
    assert.equal(blocked.status, 429, 'a throttled client gets nothing, even with a right link');
    assert.ok(blocked.headers.get('retry-after'));
    assert.equal((await fetch(local(right.url ?? ''), { headers: as() })).status, 200);
  });
});
