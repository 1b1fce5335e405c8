import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Inquiry } from '../../shared/api';
import { composeAcknowledgement, composeNotice, oneLine } from './compose.server';

const inquiry: Inquiry = {
  id: '0b7d6a4e-2f1c-4c55-9d61-3d0c5b1f2a10',
  name: 'Jane <b>Doe</b>',
  email: 'jane@example.com',
  phone: '(928) 555-0100',
  puppy: 'Daisy',
  message: 'Hello & welcome\r\nSecond line <script>alert(1)</script>',
  createdAt: '2026-11-23T21:05:00.000Z',
};
const settings = {
  from: 'Saguaro Doodles <notices@saguarodoodles.com>',
  to: ['breeder@example.com', 'helper@example.com'],
  timeZone: 'America/Phoenix',
  publicUrl: 'https://saguarodoodles.com',
};

describe('composeNotice', () => {
  const mail = composeNotice(inquiry, settings);

  test('subject names the family and the puppy; replying answers the family', () => {
    assert.equal(mail.subject, 'New puppy inquiry from Jane <b>Doe</b> about Daisy');
    assert.deepEqual(mail.replyTo, { name: 'Jane <b>Doe</b>', address: 'jane@example.com' });
    assert.deepEqual(mail.to, settings.to);
    assert.equal(mail.messageId, `<notice.${inquiry.id}@saguarodoodles.com>`);
    const general = composeNotice({ ...inquiry, puppy: undefined, phone: undefined }, settings);
    assert.equal(general.subject, 'New puppy inquiry from Jane <b>Doe</b>');
    assert.doesNotMatch(general.text, /Phone:|Puppy:/);
  });

  test('an application (issue 29): "New application: {name} for {litter}", on one line', () => {
    const applied = composeNotice(
      { ...inquiry, name: 'Jane\r\nBcc: x@evil.example', puppy: 'Application: Luna × Bentley' },
      settings,
    );
    assert.equal(applied.subject, 'New application: Jane Bcc: x@evil.example for Luna × Bentley');
  });

  test('the text part has every field, the time in the zone, the message lines and the link', () => {
    assert.match(mail.text, /^Name: Jane <b>Doe<\/b>$/m);
    assert.match(mail.text, /^Email: jane@example.com$/m);
    assert.match(mail.text, /^Phone: \(928\) 555-0100$/m);
    assert.match(mail.text, /^Puppy: Daisy$/m);
    assert.match(mail.text, /^Received: Nov 23, 2026 at 2:05 PM MST$/m);
    assert.match(mail.text, /^Hello & welcome\nSecond line <script>alert\(1\)<\/script>$/m);
    assert.match(mail.text, /https:\/\/saguarodoodles\.com\/admin/);
  });

  test('the HTML part escapes everything the family typed and keeps line breaks', () => {
    assert.doesNotMatch(mail.html, /<script>|<b>Doe/);
    assert.match(mail.html, /Jane &lt;b&gt;Doe&lt;\/b&gt;/);
    assert.match(mail.html, /Hello &amp; welcome<br>\nSecond line &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(mail.html, /href="mailto:jane@example.com"/);
    assert.match(mail.html, /href="tel:9285550100"/);
    assert.match(mail.html, /href="https:\/\/saguarodoodles.com\/admin"/);
  });

  test('CR and LF in a field never reach a header line', () => {
    const hostile = composeNotice(
      { ...inquiry, name: 'Eve\r\nBcc: victim@example.com', puppy: 'Daisy\nX-Evil: 1' },
      settings,
    );
    assert.equal(hostile.subject, 'New puppy inquiry from Eve Bcc: victim@example.com about Daisy X-Evil: 1');
    assert.equal(hostile.replyTo.name, 'Eve Bcc: victim@example.com');
    assert.equal(oneLine('a\u2028b\u0000c\td'), 'a b c d');
  });

  test('without PUBLIC_URL the notice says where the dashboard is', () => {
    const mail = composeNotice(inquiry, { ...settings, publicUrl: undefined });
    assert.match(mail.text, /sign in to the dashboard at \/admin/);
  });
});

test('composeAcknowledgement answers the family, replies go to the breeder', () => {
  const mail = composeAcknowledgement(
    inquiry,
    { from: settings.from, replyTo: 'breeder@example.com' },
    {
      subject: 'Thanks for your inquiry',
      paragraphs: ['Hi {name},', 'We will write soon.'],
      signOff: ['Love,', 'Us'],
    },
  );
  assert.deepEqual(mail.to, ['jane@example.com']);
  assert.equal(mail.replyTo, 'breeder@example.com');
  assert.equal(mail.subject, 'Thanks for your inquiry');
  assert.match(mail.text, /^Hi Jane <b>Doe<\/b>,$/m);
  assert.match(mail.html, /Hi Jane &lt;b&gt;Doe&lt;\/b&gt;,/);
  assert.equal(mail.headers['Auto-Submitted'], 'auto-replied');
  assert.equal(mail.messageId, `<thanks.${inquiry.id}@saguarodoodles.com>`);
});
