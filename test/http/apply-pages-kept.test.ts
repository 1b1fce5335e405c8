/**
 * The apply pages are rendered once and kept (decision 131): `/apply/{litter}` and the family
 * page's "Apply" (`/family/{token}/apply`) each keep the empty form per litter, so a request never
 * buys a render, and both show her change at once: her questions edited, the litter renamed, a new
 * brand published. Both keep their pages with the one cache of apply-page.server.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { QuestionSet } from '../../src/features/applications/applications';
import type { FamilyState } from '../../src/features/family/family';
import type { LitterList } from '../../src/features/litters/litters';
import { postInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { siteEditor } from '../helpers/site-editor';

const PUBLIC_URL = 'https://doodles.test';
const FIRST_QUESTION = 'What type of home do you live in?';

describe('the apply pages follow her changes', () => {
  let server: RunningServer;
  let admin: PuppyClient;
  let litterId = '';
  let familyApply = '';

  before(async () => {
    server = await startServer({
      env: { PUBLIC_URL, INQUIRY_RATE_LIMIT: 'off', SPAM_FAST_SECONDS: '0', FAMILY_PAGE_RATE_LIMIT: '1000' },
    });
    admin = await puppyAdmin(server.url, server.dataDir);
    const made = await admin.send('POST', '/api/litters', {
      name: 'Maple × Bear',
      mother: 'Maple',
      father: 'Bear',
      status: 'planned',
      expected: '2027-09',
      description: '',
      shown: true,
    });
    assert.equal(made.status, 201);
    litterId =
      ((await made.json()) as LitterList).litters.find((litter) => litter.name === 'Maple × Bear')?.id ?? '';
    assert.ok(litterId);
    const inquiry = await postInquiry(server.url, {
      name: 'Dana Family',
      email: 'dana@example.com',
      message: 'We would love a puppy.',
    });
    assert.equal(inquiry.status, 201);
    const { id } = (await inquiry.json()) as { id: string };
    const link = (await (
      await admin.send('POST', `/api/inquiries/${id}/family-link`, {})
    ).json()) as FamilyState;
    assert.ok(link.url);
    familyApply = `${link.url.replace(PUBLIC_URL, server.url)}/apply`;
    const asked = await admin.send('POST', `/api/inquiries/${id}/application/ask`, { litterId });
    assert.equal(asked.status, 200);
  });
  after(() => server?.stop());

  const { publish, saveDraft } = siteEditor(
    () => server,
    () => admin,
  );

  /** Both pages as a family gets them: the title, the heading and the first question. */
  const pages = async () =>
    Promise.all(
      [`${server.url}/apply/${litterId}`, familyApply].map(async (url) => {
        const res = await fetch(url);
        assert.equal(res.status, 200, url);
        const $ = cheerio.load(await res.text());
        return {
          title: $('title').text(),
          heading: $('h1').text(),
          first: $('[name="answer-home-type"]').first().closest('fieldset').find('legend').text().trim(),
        };
      }),
    );

  test('questions edited, the litter renamed, a new brand: each shows on both pages at once', async () => {
    for (const page of await pages()) {
      assert.equal(page.heading, 'Apply for Maple × Bear');
      assert.match(page.title, /Saguaro Doodles/);
      assert.match(page.first, new RegExp(`^${FIRST_QUESTION.replace('?', '\\?')}`));
    }

    const set = (await (await admin.send('GET', '/api/application')).json()) as QuestionSet;
    const [first, ...rest] = set.questions;
    assert.ok(first);
    const edited = await admin.send('PUT', '/api/application', {
      version: set.version,
      questions: [{ ...first, label: 'Where is home?' }, ...rest],
    });
    assert.equal(edited.status, 200);
    for (const page of await pages()) assert.match(page.first, /^Where is home\?/);

    const litter = ((await (await admin.send('GET', '/api/litters')).json()) as LitterList).litters.find(
      (item) => item.id === litterId,
    );
    assert.ok(litter);
    const renamed = await admin.send('PUT', `/api/litters/${litterId}`, {
      name: 'Maple × Bear II',
      mother: 'Maple',
      father: 'Bear',
      expected: '2027-09',
      description: '',
      shown: true,
      version: litter.version,
    });
    assert.equal(renamed.status, 200, await renamed.clone().text());
    for (const page of await pages()) assert.equal(page.heading, 'Apply for Maple × Bear II');

    const drafted = await saveDraft((content) => ({
      ...content,
      brand: { first: 'Desert', second: 'Pups' },
    }));
    assert.equal(drafted.status, 200);
    await publish();
    for (const page of await pages()) {
      assert.match(page.title, /Desert Pups/);
      assert.doesNotMatch(page.title, /Saguaro/);
    }
  });
});
