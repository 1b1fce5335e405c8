import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { openStorage } from '../../storage/storage';
import { openFamilyService } from './family-service.server';

// Issue 28 (docs/product.md): the go-home reminder is sent "once (a new date is reminded again)".
// The service's rule, on a real data directory: remind() queues at most one email per date.
const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

test('a go-home day is reminded once; the same date saved again keeps that; a new date is reminded again', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'go-home-reminder-'));
  dirs.push(dir);
  const storage = await openStorage(dir);
  const family = await openFamilyService({ storage });
  const mail = () => ({
    kind: 'reminder' as const,
    to: 'dee@example.com',
    subject: 'Tomorrow',
    text: 'See you',
  });
  const reminders = () => family.data().mails.filter((item) => item.kind === 'reminder').length;
  const day = { date: '2027-01-16', time: '10:30', place: 'The farm', note: '' };

  assert.equal(await family.remind('r1', 'i1', mail), false, 'no go-home day: nothing to remind');
  await family.setGoHome('r1', day);
  assert.equal(await family.remind('r1', 'i1', mail), true);
  assert.equal(await family.remind('r1', 'i1', mail), false, 'once');
  assert.equal(reminders(), 1);

  // The same date with another time or place: already reminded.
  await family.setGoHome('r1', { ...day, time: '11:00', place: 'The park' });
  assert.ok(family.goHomeOf('r1')?.remindedAt, 'the mark is kept');
  assert.equal(await family.remind('r1', 'i1', mail), false);

  // Another date: reminded again, once.
  await family.setGoHome('r1', { ...day, date: '2027-01-23' });
  assert.equal(family.goHomeOf('r1')?.remindedAt, undefined);
  assert.equal(await family.remind('r1', 'i1', mail), true);
  assert.equal(await family.remind('r1', 'i1', mail), false);
  assert.equal(reminders(), 2);
  await storage.close();
});
