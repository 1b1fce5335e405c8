import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldErrors } from '../../shared/api';
import {
  availablePuppyInput,
  availablePuppyUpdate,
  markSoldInput,
  PUPPY_LIMITS,
  puppyMessages,
  soldPuppyInput,
} from './puppy-schema';

const valid = {
  name: ' Rosie ',
  title: 'Rosie – The Sweetheart',
  description: 'Rosie loves belly rubs.',
  coat: 'Wavy Coat',
  color: 'Cream',
  personality: 'Gentle',
  photos: [
    { id: 'abcdefgh12345678', alt: 'Rosie on the porch' },
    { id: 'ijklmnop12345678', alt: 'Rosie asleep' },
  ],
};

const errorsOf = (schema: typeof availablePuppyInput | typeof soldPuppyInput, value: unknown) => {
  const result = schema.safeParse(value);
  assert.equal(result.success, false);
  return result.success ? {} : fieldErrors(result.error);
};

describe('puppy schema', () => {
  test('a valid puppy is trimmed and keeps nothing else', () => {
    const parsed = availablePuppyInput.parse({
      ...valid,
      extra: 'dropped',
      photos: [{ ...valid.photos[0], x: 1 }],
    });
    assert.equal(parsed.name, 'Rosie');
    assert.equal('extra' in parsed, false);
    assert.deepEqual(parsed.photos, [valid.photos[0]]);
  });

  test('every required field has its message, beside its own path', () => {
    const errors = errorsOf(availablePuppyInput, {
      name: ' ',
      title: '',
      description: '',
      coat: '',
      color: '',
      personality: '',
      photos: [{ id: 'abcdefgh12345678', alt: '  ' }],
    });
    assert.deepEqual(errors, {
      name: puppyMessages.name,
      title: puppyMessages.title,
      description: puppyMessages.description,
      coat: puppyMessages.coat,
      color: puppyMessages.color,
      personality: puppyMessages.personality,
      'photos.0.alt': puppyMessages.alt,
    });
  });

  test('photos: at least one, at most twelve, each once, ids of the upload form only', () => {
    assert.equal(errorsOf(availablePuppyInput, { ...valid, photos: [] }).photos, puppyMessages.photos);
    const many = Array.from({ length: PUPPY_LIMITS.photos + 1 }, (_, i) => ({
      id: `photo-id-${i}`,
      alt: 'x',
    }));
    assert.equal(errorsOf(availablePuppyInput, { ...valid, photos: many }).photos, puppyMessages.photosMany);
    const twice = [valid.photos[0], valid.photos[0]];
    assert.equal(errorsOf(availablePuppyInput, { ...valid, photos: twice }).photos, puppyMessages.photoTwice);
    const hostile = [{ id: '../../etc/passwd', alt: 'x' }];
    assert.equal(
      errorsOf(availablePuppyInput, { ...valid, photos: hostile })['photos.0.id'],
      puppyMessages.photoUnknown,
    );
  });

  test('the dropdown’s no-preference value cannot be a name; limits are enforced', () => {
    assert.equal(
      errorsOf(availablePuppyInput, { ...valid, name: 'No-Preference' }).name,
      puppyMessages.nameReserved,
    );
    assert.equal(
      errorsOf(availablePuppyInput, { ...valid, name: 'x'.repeat(41) }).name,
      puppyMessages.nameLong,
    );
  });

  test('wrong types and non-objects are refused, not thrown', () => {
    for (const value of [null, 'x', 42, [], { ...valid, name: 5, photos: 'a' }]) {
      assert.equal(availablePuppyInput.safeParse(value).success, false, JSON.stringify(value));
    }
  });

  test('a sold puppy has exactly one photo; updates need a version; a sold note is required', () => {
    const sold = { name: 'Maple', title: 'Maple – Sold!', description: 'Congrats', photos: valid.photos };
    assert.equal(errorsOf(soldPuppyInput, sold).photos, puppyMessages.soldPhoto);
    assert.equal(availablePuppyUpdate.safeParse(valid).success, false);
    assert.equal(availablePuppyUpdate.safeParse({ ...valid, version: 3 }).success, true);
    assert.equal(markSoldInput.safeParse({ description: ' ', version: 1 }).success, false);
  });
});
