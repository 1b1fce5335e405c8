import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cameFrom, sourceName } from '../../shared/visit-source';
import { referrerHost, visitSource } from './source.server';

describe('a visit source', () => {
  test('the referrer is kept as its host only, without www., and our own site is no referrer', () => {
    assert.equal(
      referrerHost('https://www.Facebook.com/groups/123?fbclid=x', 'doodles.example'),
      'facebook.com',
    );
    assert.equal(referrerHost('android-app://com.google.android.gm/', undefined), 'com.google.android.gm');
    assert.equal(referrerHost('https://doodles.example/admin', 'doodles.example'), undefined);
    assert.equal(referrerHost('https://www.doodles.example/', 'doodles.example'), undefined);
    assert.equal(referrerHost('', 'doodles.example'), undefined);
    assert.equal(referrerHost('not a url', 'doodles.example'), undefined);
    assert.equal(referrerHost('javascript:alert(1)', 'doodles.example'), undefined);
    assert.equal(referrerHost('data:text/html,hi', 'doodles.example'), undefined);
  });

  test('utm tags come from the page query or a whole address, trimmed, cut and without control characters', () => {
    assert.deepEqual(
      visitSource('', '?utm_source=flyer&utm_medium=print&utm_campaign=spring-litter&x=1', 'h'),
      {
        source: 'flyer',
        medium: 'print',
        campaign: 'spring-litter',
      },
    );
    assert.deepEqual(
      visitSource('https://l.facebook.com/', 'https://h/?utm_campaign=%20spring%0A%00 ', 'h'),
      {
        referrer: 'l.facebook.com',
        campaign: 'spring',
      },
    );
    assert.equal(visitSource('', `?utm_campaign=${'a'.repeat(500)}`, 'h').campaign?.length, 80);
    assert.deepEqual(visitSource('', '?utm_source=&utm_medium=%20', 'h'), {});
    assert.deepEqual(visitSource('', 'http://[bad', 'h'), {});
  });

  test('the source name: the referrer, else utm_source, else Direct; "Came from" adds the campaign', () => {
    assert.equal(sourceName({ referrer: 'facebook.com', source: 'fb' }), 'facebook.com');
    assert.equal(sourceName({ source: 'flyer' }), 'flyer');
    assert.equal(sourceName({}), 'Direct');
    assert.equal(
      cameFrom({ referrer: 'facebook.com', campaign: 'spring-litter' }),
      'facebook.com · spring-litter',
    );
    assert.equal(cameFrom({}), 'Direct');
  });
});
