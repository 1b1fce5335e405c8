import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedContent } from '../site-seed.server';
import { withValueAt } from './value-at';

test('a field changes the content at its path, copying that path only', () => {
  const content = seedContent();
  const next = withValueAt(content, 'why.cards.1.title', 'Calm');
  assert.equal(next.why.cards[1]?.title, 'Calm');
  assert.deepEqual(next.why.cards[0], content.why.cards[0]);
  assert.equal(next.hero, content.hero, 'what is off the path is shared, not copied');
  assert.equal(content.why.cards[1]?.title === 'Calm', false, 'the content given is not changed');
  assert.equal(
    withValueAt(content, 'hero.slides.0.photo.alt', 'On the lawn').hero.slides[0]?.photo.alt,
    'On the lawn',
  );
});

test('two changes applied one after the other keep both (neither puts the older content back)', () => {
  const content = seedContent();
  const both = withValueAt(withValueAt(content, 'deal.heading', 'A'), 'hero.slides.0.photo.alt', 'B');
  assert.equal(both.deal.heading, 'A');
  assert.equal(both.hero.slides[0]?.photo.alt, 'B');
});

test('a path no longer in the content (its item removed) changes nothing, and is never added', () => {
  const content = seedContent();
  for (const path of [
    'why.cards.99.title',
    'why.cards.-1.title',
    'hero.nope',
    'hero.headline.x',
    '__proto__.polluted',
  ])
    assert.equal(withValueAt(content, path, 'x'), content, path);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
