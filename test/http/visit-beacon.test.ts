/**
 * POST /api/visit, the landing page's beacon, as an attack surface: bad bodies get a clear 4xx
 * JSON answer and count nothing; cross-site, bot, prefetch and user-agent-less requests are not
 * counted; a flood from one client cannot inflate a day; what is counted is written on shutdown.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type RunningServer, startServer } from '../helpers/server';

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const form = 'application/x-www-form-urlencoded;charset=UTF-8';

describe('the visit beacon', () => {
  let server: RunningServer;
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-beacon-'));
    server = await startServer({ dataDir });
  });
  after(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const beacon = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/visit`, {
      method: 'POST',
      headers: { 'Content-Type': form, 'User-Agent': UA, ...headers },
      body,
    });
  const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

  test('bad bodies are refused with a JSON message, never a 500', async () => {
    const json = await beacon('{"p":"?utm_campaign=json"}', { 'Content-Type': 'application/json' });
    assert.equal(json.status, 415);
    assert.match(await messageOf(json), /x-www-form-urlencoded/);

    const large = await beacon(`p=?utm_campaign=big&r=${'x'.repeat(5000)}`);
    assert.equal(large.status, 413);
    assert.equal(await messageOf(large), 'The request body is too large.');

    const twice = await beacon('p=a&p=b');
    assert.equal(twice.status, 400);
    assert.match(await messageOf(twice), /p and r/);

    const manyFields = await beacon('a=1&b=2&c=3&d=4&e=5&f=6');
    assert.equal(manyFields.status, 413);

    const crossSite = await beacon('p=?utm_campaign=cross-site', { 'Sec-Fetch-Site': 'cross-site' });
    assert.equal(crossSite.status, 403);
  });

  test('bots, prefetches and requests without a user agent are answered alike but not counted', async () => {
    const uncounted: Record<string, string>[] = [
      { 'User-Agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { 'User-Agent': `${UA} Chrome-Lighthouse` },
      { 'User-Agent': '' },
      { 'Sec-Purpose': 'prefetch;prerender' },
      { Purpose: 'prefetch' },
    ];
    for (const headers of uncounted) {
      const res = await beacon('p=%3Futm_campaign%3Dnot-counted&r=', headers);
      assert.equal(res.status, 204);
    }
    // One client sending the beacon over and over counts as one visitor with a few views.
    for (let i = 0; i < 60; i++) {
      const res = await beacon(`p=%3Futm_campaign%3Dflood&r=${encodeURIComponent('https://t.co/abc')}`);
      assert.equal(res.status, 204);
    }
  });

  test('what was counted is on disk after a shutdown, and only that', async () => {
    assert.equal(await server.stop(), 0);
    const file = JSON.parse(await readFile(path.join(dataDir, 'visits.json'), 'utf8'));
    const days = Object.values(file.days) as {
      views: number;
      visitors: number;
      campaigns: object;
      sources: object;
    }[];
    assert.equal(days.length, 1);
    assert.deepEqual(days[0]?.campaigns, { flood: [30, 1] });
    assert.deepEqual(days[0]?.sources, { 't.co': [30, 1] });
    assert.deepEqual([days[0]?.views, days[0]?.visitors], [30, 1]);
    server = await startServer({ dataDir });
  });
});
