import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PuppiesData } from '../../storage/puppy-file';
import { soldSection } from './page/puppy-labels';
import { isUntouchedSeed } from './puppies-seed.server';
import { createPuppy, markSold, movePuppy, removePuppy, updatePuppy } from './puppy-changes.server';
import { seedAvailable, seedSold } from './spec-puppies.server';

/** puppies.json as a first start writes it (seed.ts), one stored photo per puppy. */
function firstStart(): PuppiesData {
  const photos = [...seedAvailable, ...seedSold].map((_, i) => ({
    id: `photo-${i}`,
    width: 1200,
    height: 1500,
    widths: [480, 1200],
    addedAt: '2026-11-26T00:00:00.000Z',
  }));
  let next = 0;
  const ref = () => [{ id: `photo-${next++}`, alt: 'A puppy' }];
  return {
    photos,
    puppies: [
      ...seedAvailable.map(({ name, title, description, coat, color, personality }, i) => ({
        id: `seed-available-${i + 1}`,
        version: 1,
        status: 'available' as const,
        ...{ name, title, description, coat, color, personality },
        photos: ref(),
      })),
      ...seedSold.map(({ name, title, description }, i) => ({
        id: `seed-sold-${i + 1}`,
        version: 1,
        status: 'sold' as const,
        ...{ name, title, description },
        photos: ref(),
      })),
    ],
  };
}

test('the puppies are the seed until any change: edit, move, sell, remove, add or reserve', () => {
  const nothingHeld = new Set<string>();
  const seed = firstStart();
  assert.equal(isUntouchedSeed(seed, nothingHeld), true);
  const [first] = seed.puppies;
  assert.ok(first?.status === 'available');
  const { id, version, status: _status, ...fields } = first;

  const edited = updatePuppy(seed, id, version, { ...fields, description: 'Now loves the hose.' })[0];
  const moved = movePuppy(seed, id, version, 'down')[0];
  const sold = markSold(seed, id, version, 'Went home.', soldSection.sold)[0];
  const removed = removePuppy(seed, id, version);
  const added = createPuppy(seed, { ...fields, name: 'Rosie', photos: first.photos })[0];
  for (const [change, data] of Object.entries({ edited, moved, sold, removed, added }))
    assert.equal(isUntouchedSeed(data, nothingHeld), false, change);
  assert.equal(isUntouchedSeed(seed, new Set([id])), false, 'reserved');
  // A reservation of a puppy no longer in the file leaves the seed as it is.
  assert.equal(isUntouchedSeed(seed, new Set(['gone'])), true);
});
