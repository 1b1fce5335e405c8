import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ageFrom,
  availableBadge,
  fillFacts,
  formatBorn,
  pairLabelOf,
  resolveContent,
} from './resolve.server';
import { siteContentSchema } from './site-content';
import { seedContent } from './site-seed.server';

const none = { available: [], sold: [] };

test('the age from the birth date: days, then weeks until 16, then months, then years', () => {
  assert.equal(ageFrom('2025-02-09', '2025-02-09'), '0 days old');
  assert.equal(ageFrom('2025-02-09', '2025-02-10'), '1 day old');
  assert.equal(ageFrom('2025-02-09', '2025-02-16'), '1 week old');
  assert.equal(ageFrom('2025-02-09', '2025-04-27'), '11 weeks old');
  assert.equal(ageFrom('2025-02-09', '2025-05-04'), '12 weeks old');
  assert.equal(ageFrom('2025-02-09', '2025-07-09'), '5 months old');
  assert.equal(ageFrom('2025-02-09', '2025-07-08'), '4 months old');
  assert.equal(ageFrom('2025-02-09', '2027-03-01'), '2 years old');
  // A birth date after today (a planned litter) is not a negative age.
  assert.equal(ageFrom('2025-02-09', '2025-01-01'), '0 days old');
});

test('the available badge follows the count: plural, singular, none at 0', () => {
  assert.equal(availableBadge(3), 'Only 3 Puppies Available!');
  assert.equal(availableBadge(1), 'Only 1 Puppy Available!');
  assert.equal(availableBadge(0), null);
});

test('the pair label follows the prices unless she wrote her own', () => {
  const seed = seedContent();
  assert.equal(pairLabelOf(seed), 'BEST DEAL - SAVE $800!');
  assert.equal(pairLabelOf({ ...seed, prices: { ...seed.prices, pair: 1200 } }), 'BEST DEAL - SAVE $600!');
  assert.equal(pairLabelOf({ ...seed, prices: { ...seed.prices, pairLabel: 'Spring deal' } }), 'Spring deal');
});

test('placeholders become the facts; unknown ones and markup stay as typed', () => {
  const facts = { born: formatBorn('2025-02-09'), age: '11 weeks old' };
  assert.equal(fillFacts('Born {born}, now {age}.', facts), 'Born February 9, 2025, now 11 weeks old.');
  assert.equal(fillFacts('{name} <b>{nope}</b>', facts), '{name} <b>{nope}</b>');
});

test('the seed is valid content, and resolves to the spec page words', () => {
  const seed = siteContentSchema.parse(seedContent());
  const page = resolveContent(seed, none, '2026-01-01', true);
  assert.equal(page.about.badge, 'Only 4 Puppies Available!');
  assert.match(page.about.paragraphs[0] ?? '', /born on February 9, 2025 and are now 11 weeks old/);
  assert.equal(page.puppies.intro.includes('11 weeks old'), true);
  assert.equal(page.contact.side.price, 'Price: $900');
  assert.equal(page.footer.copyright, '© 2025 Saguaro Doodles. All rights reserved.');
  assert.match(page.description, /\$900, or two for \$1,000\.$/);
});

/** One available puppy as the page lists it. */
const puppy = {
  name: 'A',
  title: 'A',
  description: 'A',
  coat: 'c',
  color: 'c',
  personality: 'p',
  image: { id: 'x', alt: 'x', width: 1, height: 1 },
};

test('computed age and counted badge follow the day and the puppies', () => {
  const seed = seedContent();
  const content = { ...seed, litter: { ...seed.litter, ageMode: 'computed' as const } };
  const page = resolveContent(content, { available: [puppy], sold: [] }, '2025-05-04', false);
  assert.equal(page.about.badge, 'Only 1 Puppy Available!');
  assert.match(page.puppies.intro, /is 12 weeks old,/);
  assert.equal(resolveContent(content, none, '2025-05-04', false).about.badge, null);
  // A puppy reserved for a family is not counted as available (issue 20).
  const reserved = { ...puppy, name: 'B', reserved: true as const };
  assert.equal(
    resolveContent(content, { available: [puppy, reserved], sold: [] }, '2025-05-04', false).about.badge,
    'Only 1 Puppy Available!',
  );
});

test("the seed's badge counts, but keeps the spec's words while the puppies are the seed's; her own words stay", () => {
  const seed = seedContent();
  assert.equal(seed.about.badgeMode, 'count');
  const two = { available: [puppy, { ...puppy, name: 'B' }], sold: [] };
  const badge = (content: typeof seed, puppies: typeof two, seedPuppies: boolean) =>
    resolveContent(content, puppies, '2025-05-04', seedPuppies).about.badge;
  assert.equal(badge(seed, two, true), 'Only 4 Puppies Available!');
  assert.equal(badge(seed, two, false), 'Only 2 Puppies Available!');
  assert.equal(badge(seed, none, false), null);
  const written = { ...seed, about: { ...seed.about, badgeMode: 'written' as const, badge: 'A few left!' } };
  assert.equal(badge(written, two, true), 'A few left!');
  assert.equal(badge(written, none, false), 'A few left!');
});

test('the schema refuses prices out of range, unreal dates, empty and overlong text', () => {
  const seed = seedContent();
  const bad = (change: object) => !siteContentSchema.safeParse({ ...seed, ...change }).success;
  assert.ok(bad({ prices: { ...seed.prices, single: 0 } }));
  assert.ok(bad({ prices: { ...seed.prices, single: 100_001 } }));
  assert.ok(bad({ prices: { ...seed.prices, single: 9.5 } }));
  assert.ok(bad({ litter: { ...seed.litter, born: '2025-02-30' } }));
  assert.ok(bad({ hero: { ...seed.hero, headline: '   ' } }));
  assert.ok(bad({ hero: { ...seed.hero, headline: 'x'.repeat(81) } }));
  assert.ok(bad({ hero: { ...seed.hero, slides: [] } }));
  assert.ok(!bad({ prices: { ...seed.prices, single: 100_000 } }));
});
