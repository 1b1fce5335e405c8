import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { paramMessages, parseInboxParams } from './params.server';

describe('parseInboxParams', () => {
  test('nothing given: every inquiry, first page', () => {
    assert.deepEqual(parseInboxParams({}), {
      ok: true,
      criteria: { q: '', puppy: null, status: null, before: null },
    });
    assert.deepEqual(parseInboxParams(undefined), {
      ok: true,
      criteria: { q: '', puppy: null, status: null, before: null },
    });
  });

  test('search, puppy (empty means none) and cursor', () => {
    assert.deepEqual(parseInboxParams({ q: 'zoë', puppy: 'Bella', cursor: '120' }), {
      ok: true,
      criteria: { q: 'zoë', puppy: 'Bella', status: null, before: 120 },
    });
    assert.deepEqual(parseInboxParams({ puppy: '' }), {
      ok: true,
      criteria: { q: '', puppy: '', status: null, before: null },
    });
  });

  const refused = (query: unknown, field: string, message: string) => {
    const result = parseInboxParams(query);
    assert.equal(result.ok, false, JSON.stringify(query));
    if (!result.ok) {
      assert.equal(result.message, paramMessages.invalid);
      assert.equal(result.errors[field], message, JSON.stringify(result.errors));
    }
  };

  test('hostile values are refused with a message naming the parameter', () => {
    refused({ q: 'x'.repeat(201) }, 'q', paramMessages.q);
    refused({ q: ['a', 'b'] }, 'q', paramMessages.q);
    refused({ q: 'a\u0000b' }, 'q', paramMessages.q);
    refused({ q: 'line\nbreak' }, 'q', paramMessages.q);
    refused({ puppy: 'p'.repeat(101) }, 'puppy', paramMessages.puppy);
    refused({ puppy: ['Bella', 'Luna'] }, 'puppy', paramMessages.puppy);
    refused({ cursor: '-1' }, 'cursor', paramMessages.cursor);
    refused({ cursor: '1e3' }, 'cursor', paramMessages.cursor);
    refused({ cursor: '9999999999' }, 'cursor', paramMessages.cursor);
    refused({ cursor: '' }, 'cursor', paramMessages.cursor);
    refused({ cursor: { $gt: '' } }, 'cursor', paramMessages.cursor);
    refused({ status: 'sold' }, 'status', paramMessages.status);
    refused({ status: ['new', 'closed'] }, 'status', paramMessages.status);
  });

  test('a status keeps the inquiries that have it', () => {
    assert.deepEqual(parseInboxParams({ status: 'went-home' }), {
      ok: true,
      criteria: { q: '', puppy: null, status: 'went-home', before: null },
    });
  });

  test('spam=1 shows the likely spam; any other value is refused', () => {
    assert.deepEqual(parseInboxParams({ spam: '1' }), {
      ok: true,
      criteria: { q: '', puppy: null, status: null, before: null, spam: true },
    });
    refused({ spam: 'true' }, 'spam', paramMessages.spam);
  });

  test('unknown parameters are refused without echoing their names', () => {
    refused({ limit: '100000' }, 'query', paramMessages.unknown);
    refused({ '<script>': '1' }, 'query', paramMessages.unknown);
  });

  test('the export takes no cursor', () => {
    const result = parseInboxParams({ cursor: '5' }, { allowCursor: false });
    assert.equal(result.ok, false);
  });
});
