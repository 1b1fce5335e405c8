/**
 * What follows the litter (issues 27 and 28) over HTTP against the built server: the about
 * section's "Born" tile and the page's {born}/{age} are the spec's at a fresh install and follow a
 * new litter once it is born with puppies available (with the about badge and the structured data
 * counting every litter's puppies); "Mother"/"Father" offer the parents of "Meet the Parents"; a
 * family's page names their puppy's litter, its birth date and age, and their place on their own
 * litter's waitlist; a litter's update reaches that litter's families only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import type { FamilyState, FamilyUpdates } from '../../src/features/family/family';
import type { LitterList, LitterView } from '../../src/features/litters/litters';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { newPuppy, type PuppyClient, puppyAdmin, visitorView } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { siteEditor } from '../helpers/site-editor';
import { suiteTempDirs } from '../helpers/suite';

describe('the facts, the updates and the waitlist places follow the litter', () => {
  const tempDataDir = suiteTempDirs('litters-follow');
  let server: RunningServer;
  let admin: PuppyClient;
  const site = siteEditor(
    () => server,
    () => admin,
  );
  // Three weeks and a day before today: "3 weeks old" in any time zone.
  const bornIso = format(subDays(new Date(), 22), 'yyyy-MM-dd');
  const bornWords = format(new Date(`${bornIso}T00:00:00`), 'MMMM d, yyyy');

  before(async () => {
    const dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });
  after(() => server?.stop());

  const list = async (): Promise<LitterList> => (await admin.send('GET', '/api/litters')).json();
  const named = async (name: string): Promise<LitterView> => {
    const found = (await list()).litters.find((litter) => litter.name === name);
    assert.ok(found, name);
    return found;
  };
  const about = async () => {
    const { $ } = await visitorView(server.url);
    const tile = $('#about dt')
      .filter((_, el) => $(el).text().trim() === 'Born')
      .first();
    return { born: tile.next().text().trim(), text: $('#about').text(), badge: $('#about').text() };
  };
  const inquiry = async (label: string, puppy = '') =>
    ((await (await postInquiry(server.url, { ...uniqueInquiry(label), puppy })).json()) as { id: string }).id;
  const familyPage = async (id: string) => {
    const res = await admin.send('POST', `/api/inquiries/${id}/family-link`, {});
    assert.equal(res.status, 200);
    const { url } = (await res.json()) as FamilyState;
    const page = await fetch(new URL(new URL(url ?? '').pathname, server.url));
    assert.equal(page.status, 200);
    return cheerio.load(await page.text());
  };
  const fact = ($: cheerio.CheerioAPI, name: string) =>
    $('dt')
      .filter((_, el) => $(el).text() === name)
      .next('dd')
      .text();

  test('a fresh install: "Born" and the age are the spec\'s; "Mother" and "Father" offer Meet the Parents', async () => {
    // The puppies are managed inside their litters: the litter manager's address leads there.
    for (const old of ['/admin/puppies', '/admin/puppies/']) {
      const moved = await fetch(`${server.url}${old}`, { redirect: 'manual' });
      assert.equal(moved.status, 301);
      assert.equal(moved.headers.get('location'), '/admin/litters');
    }
    const fresh = await about();
    assert.equal(fresh.born, 'February 9, 2025');
    assert.match(fresh.text, /are now 11 weeks old/);
    assert.deepEqual((await list()).parents, { mothers: [], fathers: [] });

    await site.saveDraft((content) => ({
      ...content,
      parents: {
        ...content.parents,
        mother: { name: 'Luna', breed: 'F1 Goldendoodle', photo: content.about.photo, health: '' },
        father: { name: '<b>Bentley</b>', breed: 'Poodle', photo: content.about.photo, health: '' },
      },
    }));
    await site.publish();
    assert.deepEqual((await list()).parents, { mothers: ['Luna'], fathers: ['<b>Bentley</b>'] });
  });

  test('a second litter born with a puppy: "Born", {age}, the badge and the structured data follow it', async () => {
    const created = await admin.send('POST', '/api/litters', {
      name: 'Rosie × Max',
      mother: 'Rosie',
      father: 'Max',
      status: 'born',
      born: bornIso,
      expected: '',
      description: '',
      shown: false,
    });
    assert.equal(created.status, 201);
    const rosie = await named('Rosie × Max');
    const unchanged = await about();
    assert.equal(unchanged.born, 'February 9, 2025', 'no puppy of it yet: the first litter still speaks');

    const photo = (await admin.list())[0]?.photos[0];
    assert.ok(photo);
    const added = await admin.send('POST', `/api/litters/${rosie.id}/puppies`, newPuppy('Juniper', photo));
    assert.equal(added.status, 201);
    const now = await about();
    assert.equal(now.born, bornWords);
    assert.match(now.text, /are now 3 weeks old/);
    const view = await visitorView(server.url);
    // The seed's two available puppies and Juniper: the badge and the offers count every litter's.
    assert.equal(view.available.length, 3);
    assert.match(now.badge, /Only 3 Puppies Available!/);
    assert.equal(view.offers.filter((name) => name.endsWith('Goldendoodle puppy')).length, 3);
    assert.ok(view.offers.includes('Juniper, F1B English Cream Goldendoodle puppy'));
    assert.deepEqual((await list()).parents?.mothers, ['Luna', 'Rosie']);
  });

  test("a family's page: their puppy's litter, born and age; their place on their litter's waitlist", async () => {
    const rosie = await named('Rosie × Max');
    const juniper = await admin.find('Juniper');
    const ann = await inquiry('ann');
    assert.equal(
      (await admin.send('POST', `/api/inquiries/${ann}/reservation`, { puppyId: juniper.id })).status,
      200,
    );
    const page = await familyPage(ann);
    assert.equal(fact(page, 'Litter'), 'Rosie × Max');
    assert.equal(fact(page, 'Born'), bornWords);
    assert.equal(fact(page, 'Age'), '3 weeks old');
    assert.equal(
      page('dd').filter((_, el) => page(el).text().startsWith('Born ')).length,
      0,
      'no "Born Born"',
    );

    // One family waits for any litter, then two join a planned litter from `/`: places per litter.
    const planned = await admin.send('POST', '/api/litters', {
      name: 'Luna × Bentley',
      mother: 'Luna',
      father: 'Bentley',
      status: 'planned',
      expected: '2027-03',
      description: '',
      shown: true,
    });
    assert.equal(planned.status, 201);
    const eve = await inquiry('eve');
    assert.equal(
      (await admin.send('POST', `/api/inquiries/${eve}/status`, { status: 'waitlist' })).status,
      200,
    );
    const dee = await inquiry('dee', 'Waitlist: Luna × Bentley');
    const fay = await inquiry('fay', 'Waitlist: Luna × Bentley');
    const place = async (id: string) => (await familyPage(id))('#puppy-heading').next('p').text().trim();
    assert.equal(await place(eve), 'You are number 1 on the waitlist.');
    assert.equal(await place(dee), 'You are number 1 on the waitlist for the Luna × Bentley litter.');
    assert.equal(await place(fay), 'You are number 2 on the waitlist for the Luna × Bentley litter.');

    // A litter's update reaches its families only: Juniper's for Rosie × Max, the waiting ones for Luna's.
    const luna = await named('Luna × Bentley');
    const post = async (litterId: string, text: string) => {
      const res = await admin.send('POST', '/api/family-updates', {
        scope: 'litter',
        litterId,
        text,
        photos: [],
      });
      assert.equal(res.status, 200, await res.clone().text());
      const { updates } = (await res.json()) as FamilyUpdates;
      const update = updates.find((item) => item.text === text);
      assert.ok(update);
      return update;
    };
    const rosieNews = await post(rosie.id, 'Juniper opened her eyes');
    assert.equal(rosieNews.litterId, rosie.id);
    assert.deepEqual(
      rosieNews.emailed.map((mail) => mail.familyName),
      [uniqueInquiryName(ann, page)],
    );
    const lunaNews = await post(luna.id, 'Luna is expecting');
    assert.equal(lunaNews.emailed.length, 2, 'dee and fay, who wait for it');
    const shows = async (id: string, text: string) =>
      (await familyPage(id))('#updates-heading').parent().text().includes(text);
    assert.equal(await shows(ann, 'Juniper opened her eyes'), true);
    assert.equal(await shows(ann, 'Luna is expecting'), false);
    assert.equal(await shows(dee, 'Luna is expecting'), true);
    assert.equal(await shows(dee, 'Juniper opened her eyes'), false);
    assert.equal(await shows(eve, 'Luna is expecting'), false, "any litter: not that litter's news");
    const annState = (await (await admin.send('GET', `/api/inquiries/${ann}/family`)).json()) as FamilyState;
    assert.ok(annState.mails.some((mail) => mail.subject === 'News about the Rosie × Max litter'));

    // An unknown litter is refused and nothing is posted.
    const before = ((await (await admin.send('GET', '/api/family-updates')).json()) as FamilyUpdates).updates;
    const refused = await admin.send('POST', '/api/family-updates', {
      scope: 'litter',
      litterId: 'no-such-litter',
      text: 'Hello',
      photos: [],
    });
    assert.equal(refused.status, 404);
    assert.match(((await refused.json()) as { message: string }).message, /no longer listed/);
    const afterRefusal = ((await (await admin.send('GET', '/api/family-updates')).json()) as FamilyUpdates)
      .updates;
    assert.equal(afterRefusal.length, before.length);
  });
});

/** The family's name as the page greets them ("Welcome, {name}"). */
function uniqueInquiryName(_id: string, $: cheerio.CheerioAPI): string {
  return $('h1')
    .text()
    .replace(/^Welcome, /, '');
}
