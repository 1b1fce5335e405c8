/**
 * The landing page as the server sends it (what a visitor without scripts, or a crawler, gets):
 * every section, id, text and constant of the spec, in the spec's order. Spec-mandated texts are
 * asserted as literals, so a typo in the labels or the seed fails here; invented texts come from
 * them (the sections' *-labels.ts, src/features/site/spec-content.server.ts).
 *
 * This file: what is on offer (hero, deal, about the litter, available and sold puppies).
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type * as cheerio from 'cheerio';
import {
  seedAvailable as availablePuppies,
  seedSold as soldPuppies,
} from '../../src/features/puppies/spec-puppies.server';
import { about, deal, hero } from '../../src/features/site/spec-content.server';
import { fetchDocument, sectionWithHeading, text } from '../helpers/html';
import { suiteServer } from '../helpers/suite';

describe('the landing page, server-rendered: the offer', () => {
  const server = suiteServer();
  let $: cheerio.CheerioAPI;
  before(async () => {
    $ = await fetchDocument(`${server.url}/`);
  });

  test('hero: headline, tagline, three slides with alt text, arrows, dots, pause and the two actions', () => {
    const section = $('h1').closest('section');
    assert.equal(text($('h1')), 'Meet Our Adorable F1B English Goldendoodle Puppies!');
    assert.ok(
      text(section).includes("Find your forever friend today – Act Fast, These Puppies Won't Last Long!"),
    );

    const slides = section.find('[aria-roledescription="slide"]');
    assert.equal(slides.length, 3);
    slides.each((i, el) => {
      const img = $(el).find('img');
      assert.equal(img.attr('alt'), hero.slides[i]?.image.alt);
      assert.ok((img.attr('alt') ?? '').length > 10);
      assert.equal($(el).attr('aria-hidden'), i === 0 ? 'false' : 'true', 'slide 1 is the one shown');
    });
    const first = slides.eq(0).find('img');
    assert.equal(first.attr('loading'), 'eager');
    assert.equal(first.attr('fetchpriority'), 'high');
    assert.equal(slides.eq(1).find('img').attr('loading'), 'lazy');

    for (const label of ['Previous slide', 'Next slide', 'Go to slide 1', 'Go to slide 2', 'Go to slide 3'])
      assert.equal(section.find(`button[aria-label="${label}"]`).length, 1, label);
    assert.equal(section.find('button[aria-label="Go to slide 1"]').attr('aria-current'), 'true');
    assert.equal(section.find('button[aria-label="Pause slideshow"]').length, 1);

    const actions = section
      .find('a')
      .toArray()
      .map((el) => [text($(el)), $(el).attr('href')]);
    assert.deepEqual(actions, [
      ['Inquire Now', '#contact'],
      ['See All Puppies', '#puppies'],
    ]);
  });

  test('special deal: heading, tagline, both price cards with every constant, the offer button', () => {
    const section = sectionWithHeading($, 'AMAZING PUPPY DEAL');
    const all = text(section);
    assert.ok(/double the love/i.test(all), 'tagline about double the love');
    assert.ok(all.includes(deal.tagline));
    const cards = section.find('article');
    assert.equal(cards.length, 2);
    assert.ok(text(cards.eq(0)).includes('$900'));
    const pair = text(cards.eq(1));
    for (const constant of ['BEST DEAL - SAVE $800!', '$1,000', '$1,800'])
      assert.ok(pair.includes(constant), constant);
    assert.ok(/save \$800/i.test(pair.replace('BEST DEAL - SAVE $800!', '')), 'described as saving $800');
    assert.equal(text(cards.eq(1).find('s')).endsWith('$1,800'), true, '$1,800 is struck through');
    assert.equal(text(section.find('a[href="#contact"]')), 'Claim This Special Offer Now!');
    assert.ok(/limited-time offer/i.test(all));
  });

  test('about: id, litter description, the four tiles, the photo and the badge', () => {
    const section = $('section#about');
    const all = text(section);
    for (const fact of ['February 9, 2025', '11 weeks old', '75% Poodle, 25% English Cream Golden Retriever'])
      assert.ok(all.includes(fact), fact);
    const tiles = section
      .find('dt')
      .toArray()
      .map((el) => [text($(el)), text($(el).next('dd'))]);
    assert.deepEqual(tiles, [
      ['Born', 'February 9, 2025'],
      ['Location', 'Prescott Valley, AZ'],
      ['Temperament', 'Loving, gentle & playful'],
      ['Coat', 'Low-shedding, hypoallergenic'],
    ]);
    assert.equal(section.find('img').attr('alt'), about.image.alt);
    assert.ok(all.includes('Only 4 Puppies Available!'));
  });

  test('meet the puppies: two cards with photo, name badge, title, description, tags, count badge, inquire', () => {
    const section = $('section#puppies');
    assert.equal(text(section.find('h2')), 'Meet the Puppies');
    const cards = section.find('article');
    assert.equal(cards.length, 2);
    const expected = [
      { title: ' – The Charismatic Star', tags: ['Straight Coat', 'Black & White', 'Outgoing'] },
      { title: ' – The Playful Princess', tags: ['Sleek Coat', 'Black & White Parti', 'Playful'] },
    ];
    cards.each((i, el) => {
      const card = $(el);
      const puppy = availablePuppies[i];
      const spec = expected[i];
      assert.ok(puppy && spec);
      assert.equal(text(card.find('h3')), `${puppy.name}${spec.title}`);
      assert.ok(text(card).includes(puppy.description));
      assert.equal(text(card.find('button[aria-label] + span')), puppy.name, 'name badge');
      assert.equal(card.find('button').attr('aria-label'), `Enlarge photo of ${puppy.name}`);
      assert.equal(card.find('button img').attr('alt'), puppy.image.alt);
      const tags = card
        .find('li')
        .toArray()
        .map((el) => $(el).contents().last().text().trim());
      assert.deepEqual(tags, spec.tags);
      assert.equal(puppy.images?.length, 2, 'two images in the listed data');
      assert.ok(text(card).includes('2 photos'), 'photo-count badge');
      const inquire = card.find('a[href="#contact"]');
      assert.equal(text(inquire), `Inquire About ${puppy.name}`);
    });
    const limited = section.find('aside');
    assert.equal(text(limited.find('h3')), 'Limited Availability');
    assert.equal(text(limited.find('a[href="#contact"]')), 'Inquire Now');
  });

  test('sold puppies: id, heading, five cards with photo, badge, "<name> – Sold!", text and a disabled Sold button', () => {
    const section = $('section#sold-puppies');
    assert.equal(text(section.find('h2')), 'Happy Tails – Our Sold Puppies');
    const cards = section.find('article');
    assert.equal(cards.length, 5);
    cards.each((i, el) => {
      const card = $(el);
      const puppy = soldPuppies[i];
      assert.ok(puppy);
      assert.equal(text(card.find('h3')), `${puppy.name} – Sold!`);
      assert.ok(text(card).includes(puppy.description));
      assert.match(puppy.description, /congratulations/i);
      assert.equal(card.find('button[aria-label]').attr('aria-label'), `Enlarge photo of ${puppy.name}`);
      assert.equal(text(card.find('button[aria-label] + span')), puppy.name);
      const sold = card.find('button:not([aria-label])');
      assert.equal(text(sold), 'Sold');
      assert.ok(sold.is('[disabled]'), 'permanently disabled');
    });
  });
});
