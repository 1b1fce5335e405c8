/**
 * Spam and scam triage over HTTP (issue 32): likely spam is stored and answered like any other
 * inquiry, held out of the inbox under "Likely spam" with its reasons in words, let through by
 * "Not spam", deleted only when held; the scripts-off form is still accepted, and scored; the
 * form's timer cannot be forged; held spam older than 30 days is deleted by itself.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { InboxPage } from '../../src/features/inbox/inbox';
import { HONEYPOT_FIELD, NO_PREFERENCE } from '../../src/features/inquiries/inquiry-fields';
import type { Inquiry } from '../../src/shared/api';
import { ADMIN, createAdmin, PASSWORD, signIn } from '../helpers/admin';
import { postForm, postInquiry, storedWithEmail } from '../helpers/inquiries';
import { writeInquiriesFile } from '../helpers/seed';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteServer } from '../helpers/suite';

const email = (label: string) => `${label}-${Math.random().toString(36).slice(2)}@example.com`;
const SCAM =
  'Hello, I want your puppy. My shipping agent will come for pickup and I will pay by cashier check.';

describe('spam and scam triage', () => {
  let server: RunningServer;
  let dataDir: string;
  let cookie: string;
  const old: Inquiry = {
    id: randomUUID(),
    name: 'Old Spammer',
    email: 'old@example.com',
    message: 'Cheap backlinks for your site, first page of Google guaranteed.',
    createdAt: new Date(Date.now() - 40 * 24 * 3600_000).toISOString(),
  };
  const recent: Inquiry = {
    ...old,
    id: randomUUID(),
    email: 'recent@example.com',
    createdAt: new Date().toISOString(),
  };

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-spam-'));
    await writeInquiriesFile(dataDir, [old, recent]);
    // An earlier run's file: one held 31 days ago (deleted at start), one held today (kept).
    const reasons = [{ rule: 'seo' }];
    await writeFile(
      path.join(dataDir, 'inquiry-triage.json'),
      JSON.stringify({
        version: 1,
        held: {
          [old.id]: { heldAt: new Date(Date.now() - 31 * 24 * 3600_000).toISOString(), score: 3, reasons },
          [recent.id]: { heldAt: new Date().toISOString(), score: 3, reasons },
        },
        released: {},
        deleted: {},
      }),
    );
    await createAdmin(dataDir, ADMIN, PASSWORD);
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off', SPAM_FAST_SECONDS: '5' } });
    cookie = await signIn(server.url, ADMIN, PASSWORD);
  });
  after(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const inbox = async (query = ''): Promise<InboxPage> => {
    const res = await fetch(`${server.url}/api/inbox${query}`, { headers: { Cookie: cookie } });
    assert.equal(res.status, 200, await res.clone().text());
    return res.json();
  };
  const timer = async (): Promise<string> => {
    const res = await fetch(`${server.url}/api/inquiries/form-timer`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    return ((await res.json()) as { timer: string }).timer;
  };
  const triageFile = async () =>
    JSON.parse(await readFile(path.join(dataDir, 'inquiry-triage.json'), 'utf8'));

  test('held spam older than 30 days was deleted at start; newer held spam stays', async () => {
    const file = await triageFile();
    assert.deepEqual(Object.keys(file.held), [recent.id]);
    assert.deepEqual(Object.keys(file.deleted), [old.id]);
    const spam = await inbox('?spam=1');
    assert.deepEqual(
      spam.items.map((item) => item.id),
      [recent.id],
    );
    assert.deepEqual(spam.items[0]?.spam?.reasons, ['Offers SEO, marketing or website services']);
    // Deleted and held inquiries are in neither the inbox nor the spec's list.
    const list = (await (
      await fetch(`${server.url}/api/inquiries`, { headers: { Cookie: cookie } })
    ).json()) as Inquiry[];
    assert.equal(
      list.some((item) => item.id === old.id || item.id === recent.id),
      false,
    );
  });

  test('a bot-fast inquiry is answered 201, stored, and shown only under "Likely spam" with its reason', async () => {
    const stamp = await timer();
    const address = email('fast');
    const res = await postInquiry(
      server.url,
      { name: 'Quick Bot', email: address, message: 'Is Daisy still available for a family?' },
      { 'X-Form-Timer': stamp },
    );
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    assert.equal((await storedWithEmail(dataDir, address)).length, 1, 'stored like any other');

    const main = await inbox();
    assert.equal(
      main.items.some((item) => item.id === id),
      false,
    );
    const spam = await inbox('?spam=1');
    const held = spam.items.find((item) => item.id === id);
    assert.ok(held, 'under Likely spam');
    assert.match(held.spam?.reasons[0] ?? '', /^Sent [0-4] seconds? after the form was opened$/);
    assert.equal(spam.spam, main.spam);
    assert.ok(main.spam >= 2);
    assert.equal((await triageFile()).held[id].reasons[0].rule, 'fast');
  });

  test('a person-paced inquiry with the form timer goes to the inbox', async () => {
    // A test cannot make a timer (the key is the server's): it waits like a person instead.
    const stamp = await timer();
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const address = email('person');
    const res = await postInquiry(
      server.url,
      { name: 'Real Person', email: address, message: 'Is Daisy still available for a family?' },
      { 'X-Form-Timer': stamp },
    );
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    assert.ok((await inbox()).items.some((item) => item.id === id));
  });

  test('a forged or altered timer scores; with a link it is likely spam', async () => {
    const stamp = await timer();
    const [ms, signature] = stamp.split('.') as [string, string];
    const moved = `${Number(ms) - 600_000}.${signature}`;
    const res = await postInquiry(
      server.url,
      { name: 'Forger', email: email('forged'), message: 'See our offer at https://offer.example/now' },
      { 'X-Form-Timer': moved },
    );
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    const held = (await inbox('?spam=1')).items.find((item) => item.id === id);
    assert.deepEqual(held?.spam?.reasons, [
      "The form's timer was altered, or is not one this site gave",
      'Has a web link',
    ]);
  });

  test('the scripts-off form is still accepted: a family goes to the inbox, a scam under "Likely spam"', async () => {
    const fields = (address: string, message: string) => ({
      name: 'Form Sender',
      email: address,
      phone: '',
      puppy: NO_PREFERENCE,
      message,
      [HONEYPOT_FIELD]: '',
    });
    const family = email('form-family');
    const ok = await postForm(
      server.url,
      fields(family, 'We would love to meet the puppies this weekend, are you free?'),
    );
    assert.equal(ok.status, 303);
    const scammer = email('form-scam');
    const scam = await postForm(server.url, fields(scammer, SCAM));
    assert.equal(scam.status, 303, 'answered like any other');
    const [familyStored] = await storedWithEmail(dataDir, family);
    const [scamStored] = await storedWithEmail(dataDir, scammer);
    assert.ok(familyStored && scamStored, 'both stored');
    assert.ok((await inbox()).items.some((item) => item.id === familyStored.id));
    const held = (await inbox('?spam=1')).items.find((item) => item.id === scamStored.id);
    assert.deepEqual(held?.spam?.reasons, [
      "Sent without the form's timer (scripts off, or not sent from the page)",
      'Asks to pay through a shipping agent',
      "Offers to pay by cashier's check, money order or money transfer",
    ]);
  });

  test('"Not spam" moves it to the inbox once; "Delete" only removes likely spam', async () => {
    const res = await postInquiry(server.url, { name: 'Maybe Real', email: email('release'), message: SCAM });
    const { id } = (await res.json()) as { id: string };
    const post = (url: string, method = 'POST', headers: Record<string, string> = { Cookie: cookie }) =>
      fetch(`${server.url}${url}`, { method, headers });

    assert.equal((await post(`/api/inquiries/${id}/not-spam`, 'POST', {})).status, 401);
    assert.equal((await post(`/api/inquiries/${id}`, 'DELETE', {})).status, 401);
    const released = await post(`/api/inquiries/${id}/not-spam`);
    assert.equal(released.status, 200);
    assert.deepEqual(await released.json(), { id });
    assert.ok((await inbox()).items.some((item) => item.id === id));
    assert.equal(
      (await inbox('?spam=1')).items.some((item) => item.id === id),
      false,
    );
    const again = await post(`/api/inquiries/${id}/not-spam`);
    assert.equal(again.status, 409);
    assert.match(((await again.json()) as { message: string }).message, /likely spam/);
    // An inquiry in her inbox is never deleted (the spec's promise).
    assert.equal((await post(`/api/inquiries/${id}`, 'DELETE')).status, 409);
    assert.equal((await post(`/api/inquiries/${randomUUID()}`, 'DELETE')).status, 404);
    assert.equal((await post(`/api/inquiries/${randomUUID()}/not-spam`)).status, 404);

    const other = await postInquiry(server.url, { name: 'Scammer', email: email('delete'), message: SCAM });
    const otherId = ((await other.json()) as { id: string }).id;
    const before = (await inbox()).spam;
    const deleted = await post(`/api/inquiries/${otherId}`, 'DELETE');
    assert.equal(deleted.status, 204);
    const after = await inbox('?spam=1');
    assert.equal(after.spam, before - 1);
    assert.equal(
      after.items.some((item) => item.id === otherId),
      false,
    );
    assert.ok(Object.hasOwn((await triageFile()).deleted, otherId));
    // Erased (decision 113): no longer stored at all.
    assert.equal((await post(`/api/inquiries/${otherId}`, 'DELETE')).status, 404);
  });

  test('the Visits page counts leads only: likely spam is not an inquiry of hers', async () => {
    const today = async () => {
      const res = await fetch(`${server.url}/api/visits?period=today`, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200);
      return ((await res.json()) as { current: { inquiries: number } }).current.inquiries;
    };
    const before = await today();
    await postInquiry(server.url, { name: 'Scam Visit', email: email('visit-scam'), message: SCAM });
    const real = await postInquiry(server.url, {
      name: 'Real Visit',
      email: email('visit-real'),
      message: 'Could we visit on Saturday to meet the puppies?',
    });
    assert.equal(real.status, 201);
    assert.equal(await today(), before + 1);
  });

  test('hostile input: a bad filter value is a 400, hostile text is returned as data, never run', async () => {
    const bad = await fetch(`${server.url}/api/inbox?spam=yes`, { headers: { Cookie: cookie } });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /search parameters/);
    const name = '<img src=x onerror=alert(1)>';
    const res = await postInquiry(server.url, {
      name,
      email: email('hostile'),
      message: '<a href="https://evil.example">win</a> </script><script>alert(1)</script>',
    });
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    const page = await fetch(`${server.url}/api/inbox?spam=1`, { headers: { Cookie: cookie } });
    assert.match(page.headers.get('content-type') ?? '', /application\/json/);
    const held = ((await page.json()) as InboxPage).items.find((item) => item.id === id);
    assert.equal(held?.name, name);
    assert.deepEqual(held?.spam?.reasons, [
      "Sent without the form's timer (scripts off, or not sent from the page)",
      'Has web links written as HTML or forum code',
    ]);
    const timerAnswer = await fetch(`${server.url}/api/inquiries/form-timer`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    assert.equal(timerAnswer.status, 200, 'a timer is no secret: any page may ask');
  });
});

describe('SPAM_FAST_SECONDS=0', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off', SPAM_FAST_SECONDS: '0' } });

  test('turns the time trap off: an inquiry sent at once with its timer is not held', async () => {
    const { timer } = (await (await fetch(`${server.url}/api/inquiries/form-timer`)).json()) as {
      timer: string;
    };
    const res = await postInquiry(
      server.url,
      { name: 'Fast Typist', email: email('trap-off'), message: 'Is Daisy still available for a family?' },
      { 'X-Form-Timer': timer },
    );
    assert.equal(res.status, 201);
    const triage = JSON.parse(await readFile(path.join(server.dataDir, 'inquiry-triage.json'), 'utf8'));
    assert.deepEqual(triage.held, {});
  });
});
