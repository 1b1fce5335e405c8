/**
 * The landing page as the server sends it (what a visitor without scripts, or a crawler, gets):
 * every section, id, text and constant of the spec, in the spec's order. Spec-mandated texts are
 * asserted as literals, so a typo in the labels or the seed fails here; invented texts come from
 * them (the sections' *-labels.ts, src/features/site/spec-content.server.ts).
 *
 * This file: why choose us, health & details, and the contact section.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type * as cheerio from 'cheerio';
import { seedAvailable as availablePuppies } from '../../src/features/puppies/spec-puppies.server';
import { contactInfo, whyChoose } from '../../src/features/site/spec-content.server';
import { fetchDocument, sectionWithHeading, text } from '../helpers/html';
import { suiteServer } from '../helpers/suite';

describe('the landing page, server-rendered: details and contact', () => {
  const server = suiteServer();
  let $: cheerio.CheerioAPI;
  before(async () => {
    $ = await fetchDocument(`${server.url}/`);
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
    const section = sectionWithHeading($, 'Health & Details');
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
    assert.ok(side.includes(contactInfo.side.questionsText));
  });
});
