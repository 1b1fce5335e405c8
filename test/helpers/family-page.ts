import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FamilyState } from '../../src/features/family/family';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';
import { postInquiry } from './inquiries';
import { type PuppyClient, puppyAdmin } from './puppies';
import { type RunningServer, startServer } from './server';

/**
 * The family pages' tests (test/http/family-page*.test.ts, issue 28): the built server with a real
 * SMTP server process, her session, and two families' inquiries ("Ann <b>Lee</b>", "Bo Other").
 */
export async function startFamilyStory(dataDir: string) {
  const smtp = await startSmtpPeer();
  const server = await startServer({
    dataDir,
    env: {
      INQUIRY_RATE_LIMIT: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      PUBLIC_URL: 'https://doodles.test',
      FAMILY_BAD_LINK_LIMIT: '10',
      TRUST_PROXY: 'loopback',
    },
  });
  const admin = await puppyAdmin(server.url, dataDir);
  const post = async (name: string, email: string) =>
    (
      (await (
        await postInquiry(server.url, { name, email, message: 'Hello there, about a puppy' })
      ).json()) as {
        id: string;
      }
    ).id;
  const family = await post('Ann <b>Lee</b>', 'ann@example.com');
  const other = await post('Bo Other', 'bo@example.com');
  return { smtp, server, admin, family, other };
}

/** What the family pages' tests ask of the server, the SMTP server and the data folder. */
export function familyPageHelpers(
  get: () => {
    server: RunningServer;
    smtp: Peer;
    admin: PuppyClient;
    dataDir: string;
  },
) {
  /** Each test comes from its own address, so the per-client throttle of one does not reach the next. */
  let client = 0;
  return {
    ok: async (method: string, url: string, body?: unknown): Promise<FamilyState> => {
      const res = await get().admin.send(method, url, body);
      assert.equal(res.status, 200, `${url}: ${await res.clone().text()}`);
      return res.json();
    },
    local: (url: string) => url.replace('https://doodles.test', get().server.url),
    tokenOf: (url: string) => url.split('/family/')[1] ?? '',
    /**
     * The first message the SMTP server received that `match` accepts (waits up to 30 s: at load
     * average 15 a server's first email took over 10 s, as in the other email tests).
     */
    mailWhere: async (match: (mail: Awaited<ReturnType<typeof parseMail>>) => boolean) => {
      for (let i = 0; i < 300; i += 1) {
        for (const file of await get().smtp.files()) {
          const mail = await parseMail(file);
          if (match(mail)) return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no such email arrived');
    },
    familyFile: () => readFile(path.join(get().dataDir, 'family.json'), 'utf8'),
    as: () => {
      client += 1;
      return { 'X-Forwarded-For': `203.0.113.${client}` };
    },
  };
}

/**
 * A family's page link, sent and delivered (set-up): the family now has an active link, and the
 * family mails' sender has started (its own mail thread: seconds on a loaded machine).
 */
export async function deliverFirstLink(smtp: Peer, admin: PuppyClient, inquiryId: string) {
  const res = await admin.send('POST', `/api/inquiries/${inquiryId}/family-link`, {});
  assert.equal(res.status, 200, await res.clone().text());
  const url = ((await res.json()) as FamilyState).url ?? '';
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const file of await smtp.files()) if ((await parseMail(file)).text?.includes(url)) return;
    assert.ok(Date.now() < deadline, 'the first family link was not delivered within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
