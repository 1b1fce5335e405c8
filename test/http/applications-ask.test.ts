/**
 * "Ask to apply" (issue 29): she asks a family with a family page to apply for a litter, and their
 * page shows "Apply" with the application form on their page; refused without a family page, for a
 * litter that takes no applications, and from another site; her litter's name stays text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { AskState } from '../../src/features/applications/applications';
import type { FamilyState } from '../../src/features/family/family';
import type { LitterList } from '../../src/features/litters/litters';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const LITTER = 'Ivy × <b>Rex</b>';

describe('asking a family to apply', () => {
  const tempDataDir = suiteTempDirs('applications-ask');
  let server: RunningServer;
  let admin: PuppyClient;
  let litterId = '';
  let hiddenId = '';

  before(async () => {
    const dataDir = await tempDataDir();
    server = await startServer({
      dataDir,
      env: { INQUIRY_RATE_LIMIT: 'off', PUBLIC_URL: 'https://doodles.test' },
    });
    admin = await puppyAdmin(server.url, dataDir);
    for (const [name, shown] of [
      [LITTER, true],
      ['Hidden litter', false],
    ] as const) {
      const res = await admin.send('POST', '/api/litters', {
        name,
        mother: '',
        father: '',
        status: 'planned',
        expected: '',
        description: '',
        shown,
      });
      const id = ((await res.json()) as LitterList).litters.find((litter) => litter.name === name)?.id ?? '';
      if (shown) litterId = id;
      else hiddenId = id;
    }
  });
  after(() => server?.stop());

  test('without a family page: nothing offered, asking refused; with one: "Apply" on their page', async () => {
    const { id } = (await (await postInquiry(server.url, uniqueInquiry('ask'))).json()) as { id: string };
    const url = `/api/inquiries/${id}/application/ask`;
    const none = (await (await admin.send('GET', url)).json()) as AskState;
    assert.deepEqual(none, { applied: false, litterId: null, litters: [] });
    assert.equal((await admin.send('POST', url, { litterId })).status, 409);

    const link = (await (
      await admin.send('POST', `/api/inquiries/${id}/family-link`, {})
    ).json()) as FamilyState;
    const page = (link.url ?? '').replace('https://doodles.test', server.url);
    const before = cheerio.load(await (await fetch(page)).text());
    assert.equal(before('#apply-heading').length, 0, 'no "Apply" until she asks');

    const offered = (await (await admin.send('GET', url)).json()) as AskState;
    // The planned one she shows; never the hidden one, nor the born litter of a fresh install,
    // which takes no applications until she turns "Take applications" on.
    assert.deepEqual(
      offered.litters.map((litter) => litter.name),
      [LITTER],
    );
    assert.ok(offered.litters.some((litter) => litter.id === litterId));
    assert.ok(!offered.litters.some((litter) => litter.id === hiddenId), 'a hidden litter is not offered');

    for (const bad of [{ litterId: hiddenId }, { litterId: 'no-such-litter' }, { litterId: '' }, {}]) {
      const res = await admin.send('POST', url, bad);
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
    const crossSite = await admin.send(
      'POST',
      url,
      { litterId },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    assert.equal(crossSite.status, 403);
    assert.equal(
      ((await (await admin.send('GET', url)).json()) as AskState).litterId,
      null,
      'nothing stored',
    );

    const asked = await admin.send('POST', url, { litterId });
    assert.equal(asked.status, 200);
    assert.equal(((await asked.json()) as AskState).litterId, litterId);
    const html = await (await fetch(page)).text();
    assert.doesNotMatch(html, /<b>Rex<\/b>/, 'her words are text');
    const $ = cheerio.load(html);
    assert.equal($('#apply-heading').text(), `Apply for ${LITTER}`);
    assert.equal(
      $('a.button')
        .filter((_, el) => $(el).text() === 'Apply')
        .attr('href'),
      `${new URL(page).pathname}/apply`,
      'the form on their own page: the application joins their inquiry',
    );
    assert.equal((await fetch(`${page}/apply`)).status, 200);
  });
});
