import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BLANK_LINE,
  CONTRACT_LIMITS,
  fillPlaceholders,
  PLACEHOLDERS,
  templateSchema,
  unknownPlaceholders,
} from './contracts';

describe('contract placeholders', () => {
  test('every placeholder is filled; an unknown or empty value is a line to write on', () => {
    const text = PLACEHOLDERS.map((name) => `{${name}}`).join(' ');
    const filled = fillPlaceholders(text, { family: 'Zoë Ивáнова', puppy: 'Daisy', phone: '  ' });
    const words = filled.split(' ');
    assert.equal(words[0], 'Zoë');
    assert.equal(words[1], 'Ивáнова');
    assert.equal(words.filter((word) => word === 'Daisy').length, 1);
    assert.equal(words.filter((word) => word === BLANK_LINE).length, PLACEHOLDERS.length - 2);
  });

  test('a value is put in as written, never read as a placeholder again', () => {
    assert.equal(fillPlaceholders('{family}', { family: '{puppy} <b>' }), '{puppy} <b>');
  });

  test('unknown placeholders are named once each, in order; known ones and other braces pass', () => {
    assert.deepEqual(unknownPlaceholders('{family} {pickup} {colour} {pickup} { spaced } {}'), [
      'pickup',
      'colour',
    ]);
    assert.deepEqual(unknownPlaceholders(PLACEHOLDERS.map((name) => `{${name}}`).join('')), []);
  });

  test('the template schema refuses an unknown placeholder, naming it, and an over-long text', () => {
    const ok = templateSchema.safeParse({
      title: 'Agreement for {family}',
      text: 'Dear {family}',
      breederName: 'Ann',
    });
    assert.equal(ok.success, true);
    const unknown = templateSchema.safeParse({
      title: 'Agreement',
      text: 'Pick-up {pickupDay}',
      breederName: '',
    });
    assert.equal(unknown.success, false);
    assert.match(unknown.error?.issues[0]?.message ?? '', /Unknown placeholder: \{pickupDay\}/);
    const long = templateSchema.safeParse({
      title: 'A',
      text: 'x'.repeat(CONTRACT_LIMITS.text + 1),
      breederName: '',
    });
    assert.equal(long.success, false);
  });
});
