import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Inquiry } from '../../../shared/api';
import { dialable, quoteMessage, replyMailto, smsHref, telHref } from './contact-links';

const inquiry: Inquiry = {
  id: '1',
  name: 'Zoë Ångström',
  email: 'zoe+pups@example.com',
  phone: '+1 (928) 555-0100',
  puppy: 'Bella',
  message: 'Is Bella still available?\r\nWe have a fenced yard & two kids.\n\nThanks!',
  createdAt: '2026-11-23T10:05:00.000Z',
};

/** Reads a mailto link back the way a mail app does. */
function readMailto(href: string) {
  assert.ok(href.startsWith('mailto:'));
  const [to, query = ''] = href.slice('mailto:'.length).split('?');
  const fields = Object.fromEntries(
    query.split('&').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key, decodeURIComponent(value)];
    }),
  );
  return { to: decodeURIComponent(to ?? ''), fields };
}

describe('replyMailto', () => {
  test('addressed to the family, subject naming the puppy, their message quoted', () => {
    const { to, fields } = readMailto(replyMailto(inquiry, 'November 23, 2026 at 3:05 AM'));
    assert.equal(to, 'zoe+pups@example.com');
    assert.deepEqual(Object.keys(fields), ['subject', 'body']);
    assert.equal(fields.subject, 'Your inquiry about Bella');
    assert.equal(
      fields.body,
      'Hi Zoë,\n\n\n\nOn November 23, 2026 at 3:05 AM, Zoë Ångström wrote:\n> Is Bella still available?\n> We have a fenced yard & two kids.\n>\n> Thanks!\n',
    );
  });

  test('"Your puppy inquiry" when no puppy was named', () => {
    const { fields } = readMailto(replyMailto({ ...inquiry, puppy: undefined }, 'today'));
    assert.equal(fields.subject, 'Your puppy inquiry');
  });

  test('nothing the family typed can add a header or break out of the link', () => {
    const href = replyMailto(
      {
        ...inquiry,
        name: 'Eve&cc=x@evil.example',
        email: 'eve@example.com',
        message: 'hi?bcc=x@evil.example&subject=pwned\n',
      },
      'today',
    );
    const { to, fields } = readMailto(href);
    assert.equal(to, 'eve@example.com');
    assert.deepEqual(Object.keys(fields), ['subject', 'body']);
    assert.doesNotMatch(href, /[\s<>"]/);
  });

  test('spaces are %20, not +', () => {
    assert.match(replyMailto(inquiry, 'today'), /subject=Your%20inquiry%20about%20Bella/);
  });
});

describe('quoteMessage', () => {
  test('quotes every line, blank ones too, whatever the line endings', () => {
    assert.equal(quoteMessage('a\r\nb\rc\n\nd'), '> a\n> b\n> c\n>\n> d');
  });
});

describe('dialable, tel and sms', () => {
  test('keeps digits and a leading +', () => {
    assert.equal(dialable('+1 (928) 555-0100'), '+19285550100');
    assert.equal(dialable('928.555.0100 ext'), '9285550100');
    assert.equal(telHref('+19285550100'), 'tel:+19285550100');
    assert.equal(smsHref('9285550100'), 'sms:9285550100');
  });

  test('nothing to dial: no link', () => {
    assert.equal(dialable(undefined), null);
    assert.equal(dialable(''), null);
    assert.equal(dialable('call me'), null);
    assert.equal(dialable('javascript:alert(1)'), null);
  });

  test('a hostile phone becomes digits only', () => {
    assert.equal(dialable('javascript:alert(12345)'), '12345');
  });
});
