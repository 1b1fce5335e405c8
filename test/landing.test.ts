/**
 * The landing page as the server sends it (what a visitor without scripts, or a crawler, gets):
 * every section, id, text and constant of the spec, in the spec's order. Spec-mandated texts are
 * asserted as literals, so a typo in content.ts fails here; invented texts come from content.ts.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import sharp from 'sharp';
import {
  about,
  allPhotos,
  availablePuppies,
  brand,
  contact,
  deal,
  footer,
  hero,
  soldPuppies,
  whyChoose,
} from '../src/shared/content';
import { type RunningServer, startServer } from './helpers/server';

const text = (node: cheerio.Cheerio<AnyNode>) => node.text().replace(/\s+/g, ' ').trim();

describe('the landing page, server-rendered', () => {
  let server: RunningServer;
  let $: cheerio.CheerioAPI;
  before(async () => {
    server = await startServer();
    const res = await fetch(`${server.url}/`);
    assert.equal(res.status, 200);
    $ = cheerio.load(await res.text());
  });
  after(() => server.stop());

  /** Position of the first element matching `selector` in document order. */
  const position = (selector: string) => {
    const all = $('*').toArray();
    const found = $(selector).first().get(0);
    assert.ok(found, `${selector} is on the page`);
    return all.indexOf(found);
  };
  const sectionOf = (headingText: string) => {
    const heading = $('h2').filter((_, el) => text($(el)) === headingText);
    assert.equal(heading.length, 1, `one h2 "${headingText}"`);
    return heading.closest('section');
  };

  test('the sections come in the spec order inside header, main and footer', () => {
    const order = [
      'body > #root > header',
      'main h1',
      'main section:has(h2:contains("AMAZING PUPPY DEAL"))',
      'main section#about',
      'main section#puppies',
      'main section#sold-puppies',
      'main section#why-choose',
      'main section:has(h2:contains("Health & Details"))',
      'main section#contact',
      'body > #root > footer',
    ];
    const positions = order.map(position);
    for (let i = 1; i < positions.length; i++) {
      assert.ok((positions[i] ?? 0) > (positions[i - 1] ?? 0), `${order[i]} comes after ${order[i - 1]}`);
    }
    assert.equal($('main').length, 1);
    assert.equal($('h1').length, 1, 'exactly one h1');
  });

  test('heading levels never skip a level', () => {
    let previous = 1;
    $('main h1, main h2, main h3, main h4, footer h2, footer h3').each((_, el) => {
      const level = Number(el.tagName.slice(1));
      assert.ok(level <= previous + 1, `${el.tagName} "${text($(el))}" follows h${previous}`);
      previous = level;
    });
  });

  test('header: wordmark in two coloured words, the four targets, the mobile toggle', () => {
    const header = $('header').first();
    const words = header.find('a[href="/"]').children('span');
    assert.deepEqual(
      words.toArray().map((el) => text($(el))),
      [brand.first, brand.second],
    );
    assert.notEqual(words.eq(0).attr('class'), words.eq(1).attr('class'), 'each word has its own colour');

    const nav = header.find('nav');
    assert.ok(nav.attr('aria-label'), 'the nav landmark is labelled');
    const links = nav
      .find('li a')
      .toArray()
      .map((el) => [text($(el)), $(el).attr('href')]);
    assert.deepEqual(links, [
      ['About', '#about'],
      ['Meet the Puppies', '#puppies'],
      ['Why Choose Us', '#why-choose'],
      ['Inquire Now', '#contact'],
    ]);
    const highlighted = nav.find('a[href="#contact"]').attr('class');
    assert.notEqual(highlighted, nav.find('a[href="#about"]').attr('class'), 'Inquire Now is highlighted');

    const toggle = header.find('button[aria-label="Toggle mobile menu"]');
    assert.equal(toggle.length, 1);
    assert.equal(toggle.attr('aria-expanded'), 'false');
    assert.equal($(`#${toggle.attr('aria-controls')}`).find('a').length, 4, 'the toggle controls the list');
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
    const section = sectionOf('AMAZING PUPPY DEAL');
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

  test('why choose: id, the six feature cards in order, and the signed family story', () => {
    const section = $('section#why-choose');
    const titles = section
      .find('li h3')
      .toArray()
      .map((el) => text($(el)));
    assert.deepEqual(titles, [
      'Hypoallergenic',
      'Intelligent & Trainable',
      'Family-Friendly',
      'Health-Focused',
      'Well-Socialized',
      'Premium Genetics',
    ]);
    assert.equal(section.find('li svg[aria-hidden="true"]').length, 6, 'each card has an icon');
    const story = section.find('figure');
    assert.ok(text(story.find('blockquote')).includes(whyChoose.story.paragraphs[0] ?? '-'));
    assert.equal(text(story.find('figcaption')), whyChoose.story.signature);
    assert.match(whyChoose.story.signature, /family/i, 'signed by the family');
  });

  test('health & details: vaccinations, deworming, ready for home', () => {
    const section = sectionOf('Health & Details');
    const items = section
      .find('li')
      .toArray()
      .map((el) => [text($(el).find('h3')), text($(el).find('p'))]);
    assert.deepEqual(items, [
      ['Vaccinations', 'Age-appropriate vaccines administered'],
      ['Deworming', 'Regular deworming completed'],
      ['Ready for Home', 'Healthy and socialized'],
    ]);
  });

  test('contact: id, title, intro, five labelled fields, the dropdown, Send Inquiry and the side panel', () => {
    const section = $('section#contact');
    assert.equal(text(section.find('h2')), 'Ready to Welcome Your New Best Friend?');
    assert.ok(
      text(section).includes(
        "Fill out the form and we'll get back to you as soon as possible to discuss bringing your new puppy home!",
      ),
    );
    const form = section.find('form');
    assert.equal(form.attr('method'), 'post');
    assert.equal(form.attr('action'), '/#contact');
    const fields = [
      ['name', 'Your Name', 'input'],
      ['email', 'Email Address', 'input'],
      ['phone', 'Phone Number (optional)', 'input'],
      ['puppy', 'Which Puppy Are You Interested In?', 'select'],
      ['message', 'Your Message', 'textarea'],
    ] as const;
    for (const [name, label, tag] of fields) {
      const control = form.find(`${tag}[name="${name}"]`);
      assert.equal(control.length, 1, name);
      assert.equal(control.attr('id'), `contact-${name}`);
      assert.equal(text(form.find(`label[for="contact-${name}"]`)), label);
      assert.equal(form.find(`#contact-${name}-error`).length, 0, 'no error shown before submitting');
    }
    assert.equal(form.find('textarea').attr('rows'), '4');
    assert.equal(form.find('input[name="email"]').attr('type'), 'email');
    const options = form
      .find('select option')
      .toArray()
      .map((el) => [$(el).attr('value'), text($(el))]);
    assert.deepEqual(options, [
      ['no-preference', 'All puppies / Not sure yet'],
      ...availablePuppies.map((puppy) => [puppy.name, puppy.name]),
    ]);
    assert.equal(form.find('option[selected]').attr('value'), 'no-preference', 'no preference by default');
    const submit = form.find('button[type="submit"]');
    assert.equal(text(submit), 'Send Inquiry');

    const side = text(section.find('aside'));
    for (const line of [
      'Price: $900',
      'Limited Availability!',
      'Ready For Their Forever Homes',
      'Questions?',
    ])
      assert.ok(side.includes(line), line);
    assert.ok(side.includes(contact.side.questionsText));
  });

  test('footer: brand, Prescott Valley line, four quick links, contact note, © 2025, Admin Login', () => {
    const foot = $('footer');
    const all = text(foot);
    assert.ok(all.includes(`${brand.first} ${brand.second}`), 'brand text');
    assert.ok(all.includes('F1B English Goldendoodle puppies in Prescott Valley, AZ'));
    const links = foot
      .find('nav a')
      .toArray()
      .map((el) => $(el).attr('href'));
    assert.deepEqual(links, ['#about', '#puppies', '#why-choose', '#contact']);
    assert.ok(foot.find('nav').attr('aria-label'));
    assert.ok(/contact form/i.test(footer.contactNote) && all.includes(footer.contactNote));
    assert.match(all, /© 2025 /);
    const admin = foot.find('a[href="/admin/login"]');
    assert.equal(text(admin), 'Admin Login');
  });

  test('every image has alt text and its intrinsic width and height', () => {
    const images = $('img').toArray();
    assert.ok(images.length >= 3 + 1 + 2 + 5);
    for (const el of images) {
      const img = $(el);
      assert.ok((img.attr('alt') ?? '').trim().length > 0, `${img.attr('src')} has alt text`);
      assert.ok(
        Number(img.attr('width')) > 0 && Number(img.attr('height')) > 0,
        `${img.attr('src')} has a size`,
      );
    }
  });

  test('every photo the page references is served as a JPEG', async () => {
    const sources = [
      ...new Set(
        $('img')
          .toArray()
          .map((el) => $(el).attr('src') ?? ''),
      ),
    ];
    for (const src of sources) {
      const res = await fetch(`${server.url}${src}`);
      assert.equal(res.status, 200, src);
      assert.equal(res.headers.get('content-type'), 'image/jpeg', src);
      await res.arrayBuffer();
    }
  });

  test('every photo of content.ts exists at its declared size, at a photographic weight', async () => {
    for (const photo of allPhotos()) {
      const file = path.resolve('public/photos', `${photo.id}.jpg`);
      const data = await readFile(file);
      const meta = await sharp(data).metadata();
      assert.equal(meta.format, 'jpeg', photo.id);
      assert.deepEqual([meta.width, meta.height], [photo.width, photo.height], photo.id);
      assert.ok(data.length > 50_000 && data.length < 1_200_000, `${photo.id}: ${data.length} bytes`);
    }
  });
});
