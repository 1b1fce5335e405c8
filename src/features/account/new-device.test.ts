import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeSignInAlert } from './new-device.server';

test('the sign-in alert says when, which device, from where, and what to do if it was not her', () => {
  const mail = composeSignInAlert(
    {
      username: 'breeder@example.com',
      device: 'Chrome on <iPhone>',
      ip: '203.0.113.7',
      at: new Date('2026-11-23T21:05:00Z'),
    },
    {
      from: 'Saguaro Doodles <notices@doodles.test>',
      to: ['breeder@example.com'],
      timeZone: 'America/Phoenix',
      publicUrl: 'https://doodles.test',
    },
  );
  assert.equal(mail.subject, 'New sign-in to Saguaro Doodles from Chrome on <iPhone>');
  assert.match(mail.text, /When: Nov 23, 2026 at 2:05 PM MST/);
  assert.match(mail.text, /Device: Chrome on <iPhone>/);
  assert.match(mail.text, /From: 203\.0\.113\.7/);
  assert.match(
    mail.text,
    /If it was not you: open https:\/\/doodles\.test\/admin\/account, choose "Sign out everywhere else"/,
  );
  assert.match(mail.text, /npm run create-admin -- --username breeder@example\.com/);
  assert.ok(mail.html.includes('Chrome on &lt;iPhone&gt;'), 'shown as text in the HTML part');
  assert.ok(!mail.html.includes('<iPhone>'));
  assert.match(mail.messageId, /^<sign-in\.[0-9a-f]+@doodles\.test>$/);
});
