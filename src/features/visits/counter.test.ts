import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { WriteGate } from '../../storage/durable-write';
import { VisitCounts } from '../../storage/visit-counts';
import { OTHER, type PageView, VisitCounter } from './counter.server';

const IP = '203.0.113.7';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const view = (over: Partial<PageView> = {}): PageView => ({
  ip: IP,
  userAgent: UA,
  source: {},
  phone: true,
  ...over,
});

describe('VisitCounter', () => {
  let dir: string;
  let file: string;
  let clock: Date;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'doodles-visits-'));
    file = path.join(dir, 'visits.json');
    // 23:59 in Phoenix (UTC−7, no daylight saving time) on Nov 26.
    clock = new Date('2026-11-27T06:59:00Z');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const open = async () => {
    const counts = await VisitCounts.open({ file, gate: new WriteGate() });
    return { counts, counter: new VisitCounter(counts, 'America/Phoenix', () => clock) };
  };

  test('the same visitor twice in a day is one visitor and two views; another browser is another visitor', async () => {
    const { counts, counter } = await open();
    counter.count(view({ source: { referrer: 'facebook.com', campaign: 'spring-litter' } }));
    counter.count(view({ source: { referrer: 'facebook.com', campaign: 'spring-litter' } }));
    counter.count(view({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0', phone: false }));
    const day = counts.all().get('2026-11-26');
    assert.deepEqual(day, {
      views: 3,
      visitors: 2,
      phoneViews: 2,
      sources: { 'facebook.com': [2, 1], Direct: [1, 1] },
      mediums: {},
      campaigns: { 'spring-litter': [2, 1] },
    });
    await counts.close();
  });

  test('at midnight the salt changes: the same browser is a new visitor of the new day', async () => {
    const { counts, counter } = await open();
    counter.count(view());
    clock = new Date('2026-11-27T07:00:01Z'); // 00:00:01 on Nov 27 in Phoenix
    counter.count(view());
    assert.equal(counts.all().get('2026-11-26')?.visitors, 1);
    assert.equal(counts.all().get('2026-11-27')?.visitors, 1);
    await counts.close();
    const text = await readFile(file, 'utf8');
    // Nothing that could identify a visitor is on disk: no address, no user agent, no hash.
    assert.equal(text.includes(IP), false);
    assert.equal(text.includes('iPhone'), false);
    assert.deepEqual(Object.keys(JSON.parse(text).days['2026-11-27']), [
      'views',
      'visitors',
      'phoneViews',
      'sources',
      'mediums',
      'campaigns',
    ]);
  });

  test('one browser cannot inflate a day, and a flood of names lands in "Other"', async () => {
    const { counts, counter } = await open();
    for (let i = 0; i < 100; i++) counter.count(view());
    assert.equal(counts.all().get('2026-11-26')?.views, 30);
    for (let i = 0; i < 150; i++)
      counter.count(view({ ip: `198.51.100.${i}`, source: { campaign: `c${i}` } }));
    const campaigns = counts.all().get('2026-11-26')?.campaigns ?? {};
    assert.equal(Object.keys(campaigns).length, 101);
    assert.deepEqual(campaigns[OTHER], [50, 50]);
    counter.count(view({ ip: '192.0.2.1', source: { campaign: '__proto__', source: 'constructor' } }));
    assert.deepEqual(counts.all().get('2026-11-26')?.sources.constructor, [1, 1]);
    assert.equal(Object.getPrototypeOf(campaigns), Object.prototype);
    await counts.close();
  });

  test('counts survive a restart (written on close), and nothing is written per view', async () => {
    const { counts, counter } = await open();
    counter.count(view());
    await assert.rejects(readFile(file), { code: 'ENOENT' });
    await counts.close();
    const again = await open();
    assert.equal(again.counts.all().get('2026-11-26')?.views, 1);
    again.counter.count(view());
    // A restart starts a new salt: the same browser is counted as a visitor again that day.
    assert.deepEqual(
      [again.counts.all().get('2026-11-26')?.views, again.counts.all().get('2026-11-26')?.visitors],
      [2, 2],
    );
    await again.counts.close();
  });
});

describe('VisitCounts (visits.json)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'doodles-visits-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('changes are written once within the interval, not once per change', async () => {
    const file = path.join(dir, 'visits.json');
    const counts = await VisitCounts.open({ file, gate: new WriteGate() }, { writeEveryMs: 50 });
    counts.day('2026-11-26').views += 1;
    counts.changedNow();
    counts.day('2026-11-26').views += 1;
    counts.changedNow();
    await assert.rejects(readFile(file), { code: 'ENOENT' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(JSON.parse(await readFile(file, 'utf8')).days['2026-11-26'].views, 2);
    await counts.close();
  });

  test('a corrupt or foreign file stops the start and is left as it was', async () => {
    const { writeFile } = await import('node:fs/promises');
    const file = path.join(dir, 'visits.json');
    await writeFile(file, '{"version":1,"days":{"2026-11-26":{"views":-1}}}');
    await assert.rejects(VisitCounts.open({ file, gate: new WriteGate() }), /not a valid visits\.json file/);
    assert.equal(await readFile(file, 'utf8'), '{"version":1,"days":{"2026-11-26":{"views":-1}}}');
  });
});
