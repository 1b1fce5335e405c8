import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isLoopbackHost, notifyProblems, notifySchema, toNotifyConfig } from './notify-config';

function load(env: Record<string, string>, publicUrl?: string) {
  const parsed = notifySchema.safeParse(env);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const problems = notifyProblems(parsed.data, publicUrl);
  return problems.length > 0 ? { problems } : { config: toNotifyConfig(parsed.data, publicUrl) };
}

const smtp = {
  SMTP_URL: 'smtp://breeder%40x.com:p%40ss@mail.example.com:587',
  NOTIFY_EMAIL: 'a@example.com',
};

describe('notice variables', () => {
  test('unset: notices off, the site as before', () => {
    const { config } = load({});
    assert.equal(config?.smtp, undefined);
    assert.deepEqual(config?.notifyEmails, []);
    assert.equal(config?.autoReply, false);
    assert.equal(config?.webhook, undefined);
    assert.equal(config?.timeZone, 'America/Phoenix');
  });

  test('a full configuration', () => {
    const { config } = load(
      {
        ...smtp,
        NOTIFY_EMAIL: 'a@example.com, b@example.com',
        AUTO_REPLY: 'on',
        WEBHOOK_URL: 'https://hooks.example.com/x?token=1',
        WEBHOOK_SECRET: 's'.repeat(16),
        TZ: 'America/Denver',
      },
      'https://www.saguarodoodles.com',
    );
    assert.deepEqual(config?.smtp, { url: smtp.SMTP_URL, server: 'mail.example.com:587', password: 'p@ss' });
    assert.deepEqual(config?.notifyEmails, ['a@example.com', 'b@example.com']);
    assert.equal(config?.mailFrom, 'Saguaro Doodles <notices@saguarodoodles.com>');
    assert.equal(config?.autoReply, true);
    assert.deepEqual(config?.webhook, { url: 'https://hooks.example.com/x?token=1', secret: 's'.repeat(16) });
    assert.equal(config?.timeZone, 'America/Denver');
    assert.equal(
      load({
        SMTP_URL: 'smtps://u:p@mail.example.com',
        NOTIFY_EMAIL: 'a@example.com',
        MAIL_FROM: 'x@example.com',
      }).config?.smtp?.server,
      'mail.example.com:465',
    );
  });

  test('MAIL_FROM defaults to the SMTP user when PUBLIC_URL is unset and the user is an address', () => {
    assert.equal(load(smtp).config?.mailFrom, 'Saguaro Doodles <breeder@x.com>');
    assert.match(
      load({ ...smtp, SMTP_URL: 'smtp://apikey:k@mail.example.com' }).problems?.[0] ?? '',
      /^MAIL_FROM: /,
    );
    assert.equal(
      load({ ...smtp, MAIL_FROM: 'Kennel <k@example.com>' }).config?.mailFrom,
      'Kennel <k@example.com>',
    );
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ SMTP_URL: smtp.SMTP_URL }, /^NOTIFY_EMAIL: expected/],
    [{ NOTIFY_EMAIL: 'a@example.com' }, /^SMTP_URL: expected/],
    [{ ...smtp, SMTP_URL: 'http://mail.example.com' }, /^SMTP_URL: expected smtp:\/\//],
    [{ ...smtp, SMTP_URL: 'mail.example.com:587' }, /^SMTP_URL: expected smtp:\/\//],
    [{ ...smtp, SMTP_URL: 'smtp://user:pw@:587' }, /^SMTP_URL: expected/],
    [{ ...smtp, NOTIFY_EMAIL: 'a@example.com,,b@example.com' }, /^NOTIFY_EMAIL: .*an empty item/],
    [{ ...smtp, NOTIFY_EMAIL: 'not-an-address' }, /^NOTIFY_EMAIL: .*"not-an-address" is not one/],
    [
      { ...smtp, MAIL_FROM: 'a@example.com\r\nBcc: x@example.com' },
      /^MAIL_FROM: expected an address on one line/,
    ],
    [{ ...smtp, MAIL_FROM: 'nobody' }, /^MAIL_FROM: expected an email address/],
    [{ AUTO_REPLY: 'yes' }, /^AUTO_REPLY: expected on or off/],
    [{ AUTO_REPLY: 'on' }, /^AUTO_REPLY: "on" needs email notices/],
    [
      { WEBHOOK_URL: 'http://hooks.example.com/x', WEBHOOK_SECRET: 's'.repeat(16) },
      /^WEBHOOK_URL: expected an https:/,
    ],
    [
      { WEBHOOK_URL: 'ftp://127.0.0.1/x', WEBHOOK_SECRET: 's'.repeat(16) },
      /^WEBHOOK_URL: expected an https:/,
    ],
    [{ WEBHOOK_URL: 'http://127.0.0.1.evil.example/x', WEBHOOK_SECRET: 's'.repeat(16) }, /^WEBHOOK_URL: /],
    [{ WEBHOOK_URL: 'https://hooks.example.com/x' }, /^WEBHOOK_SECRET: expected/],
    [
      { WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: 'short' },
      /^WEBHOOK_SECRET: expected at least 16/,
    ],
    [{ WEBHOOK_SECRET: 's'.repeat(16) }, /^WEBHOOK_URL: expected/],
    [{ TZ: 'Mars/Olympus' }, /^TZ: expected an IANA time zone/],
  ];
  for (const [env, expected] of bad) {
    test(`refuses ${JSON.stringify(env)}`, () => {
      const { problems } = load(env);
      assert.ok(
        problems?.some((problem) => expected.test(problem)),
        String(problems),
      );
      // A refused value is never repeated: it may hold a password or a token.
      for (const problem of problems ?? []) assert.doesNotMatch(problem, /p%40ss|pw@|Bcc/);
    });
  }

  test('plain http only to this machine', () => {
    for (const host of ['127.0.0.1', '127.8.9.1', '[::1]', 'localhost'])
      assert.ok(isLoopbackHost(host), host);
    for (const host of ['10.0.0.1', '::ffff:127.0.0.1', '128.0.0.1', 'localhost.example.com', '0.0.0.0'])
      assert.ok(!isLoopbackHost(host), host);
  });
});
