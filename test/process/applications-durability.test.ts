/**
 * Applications (issue 29) across a kill -9 and through a backup and a restore: her edited
 * questions, each application with its questions as asked, her decisions and the statuses are on
 * disk once answered; the notice "New application: {name} for {litter}" and the decline email
 * (only when she ticks "Email them") reach the real SMTP peer.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { ApplicationView, QuestionSet } from '../../src/features/applications/applications';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { LitterList } from '../../src/features/litters/litters';
import { runBuiltOk } from '../helpers/backup';
import { readInquiriesFile } from '../helpers/inquiries';
import { puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

const cleanup: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

const answers = (name: string, email: string) => ({
  name,
  email,
  'answer-home-type': 'House',
  'answer-own-or-rent': 'Rent',
  'answer-landlord': 'Yes',
  'answer-yard': 'A small fenced yard.',
  'answer-household': 'Just me.',
  'answer-allergies': 'No',
  'answer-hours-alone': '2',
  'answer-dogs-before': 'Never, this is my first.',
  'answer-why': 'Calm and kind dogs.',
});

test('killed with SIGKILL after the answers: questions, applications and decisions are kept; backed up and restored', async () => {
  const smtp: Peer = await startSmtpPeer();
  cleanup.push(smtp.stop);
  const work = await mkdtemp(path.join(tmpdir(), 'applications-durability-'));
  cleanup.push(() => rm(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  const env = {
    INQUIRY_RATE_LIMIT: 'off',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL: 'breeder@doodles.test',
    PUBLIC_URL: 'https://doodles.test',
  };
  let server: RunningServer = await startServer({ dataDir, env });
  cleanup.push(() => server.stop());
  let admin = await puppyAdmin(server.url, dataDir);
  const made = (await (
    await admin.send('POST', '/api/litters', {
      name: 'Willow × Moose',
      mother: 'Willow',
      father: 'Moose',
      status: 'planned',
      expected: '2027-05',
      description: '',
      shown: true,
    })
  ).json()) as LitterList;
  const litter = made.litters.find((item) => item.name === 'Willow × Moose');
  assert.ok(litter);
  const set = (await (await admin.send('GET', '/api/application')).json()) as QuestionSet;
  const edited = [
    ...set.questions.map((question) =>
      question.id === 'heard' ? { ...question, required: true } : question,
    ),
    { id: 'own-1', label: 'Can you visit us before pick day?', kind: 'yes-no', required: false, choices: [] },
  ];
  assert.equal(
    (await admin.send('PUT', '/api/application', { version: set.version, questions: edited })).status,
    200,
  );

  const apply = (fields: Record<string, string>) =>
    fetch(`${server.url}/apply/${litter.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams(fields).toString(),
    });
  for (const [name, email] of [
    ['Ann Approved', 'ann@example.com'],
    ['Dan Declined', 'dan@example.com'],
    ['Quinn Quiet', 'quinn@example.com'],
  ] as const)
    assert.equal(
      (await apply({ ...answers(name, email), 'answer-heard': 'A friend', 'answer-own-1': 'Yes' })).status,
      303,
    );
  const idOf = async (email: string) =>
    (await readInquiriesFile(dataDir)).inquiries.find((inquiry) => inquiry.email === email)?.id ?? '';
  const [ann, dan, quinn] = [
    await idOf('ann@example.com'),
    await idOf('dan@example.com'),
    await idOf('quinn@example.com'),
  ];
  assert.equal((await admin.send('POST', `/api/inquiries/${ann}/application/approve`, {})).status, 200);
  const declined = await admin.send('POST', `/api/inquiries/${dan}/application/decline`, {
    message: 'We have more families than puppies this time. <b>Sorry</b>',
    email: true,
  });
  assert.equal(declined.status, 200);
  assert.equal(((await declined.json()) as ApplicationView).decision?.kind, 'declined');
  const quiet = await admin.send('POST', `/api/inquiries/${quinn}/application/decline`, { email: false });
  assert.equal(quiet.status, 200);

  // On the real SMTP peer: three notices to her, one decline email to Dan, none to Quinn.
  const mails = async () => Promise.all((await smtp.files()).map(parseMail));
  const subjects = async () => (await mails()).map((mail) => mail.subject ?? '');
  for (let i = 0; i < 150; i += 1) {
    const now = await subjects();
    if (
      now.filter((subject) => subject.startsWith('New application')).length >= 3 &&
      now.includes('Your application for Willow × Moose')
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const received = await mails();
  assert.ok(
    received.some((mail) => mail.subject === 'New application: Ann Approved for Willow × Moose'),
    (await subjects()).join(' | '),
  );
  const decline = received.filter((mail) => mail.subject === 'Your application for Willow × Moose');
  assert.equal(decline.length, 1, 'one decline email: only where she ticked "Email them"');
  const to = decline[0]?.to;
  assert.equal(to && 'text' in to ? to.text : '', 'dan@example.com');
  assert.match(
    decline[0]?.text ?? '',
    /We have more families than puppies this time\. <b>Sorry<\/b>/,
    'her words, as text',
  );

  // kill -9 right after the answers: everything answered is on disk.
  server.process.kill('SIGKILL');
  await server.stop();
  server = await startServer({ dataDir, env });
  admin = await puppyAdmin(server.url, dataDir);
  const check = async (client: typeof admin) => {
    const questions = (await (await client.send('GET', '/api/application')).json()) as QuestionSet;
    assert.equal(questions.questions.at(-1)?.label, 'Can you visit us before pick day?');
    const annView = (await (
      await client.send('GET', `/api/inquiries/${ann}/application`)
    ).json()) as ApplicationView;
    assert.equal(annView.decision?.kind, 'approved');
    assert.equal(annView.answers.find((answer) => answer.question.id === 'own-1')?.answer, 'Yes');
    const danView = (await (
      await client.send('GET', `/api/inquiries/${dan}/application`)
    ).json()) as ApplicationView;
    assert.equal(danView.decision?.kind === 'declined' && danView.decision.emailed, true);
    const inbox = (await (await client.send('GET', '/api/inbox')).json()) as InboxPage;
    const status = (id: string) => inbox.items.find((item) => item.id === id)?.sale.status;
    assert.deepEqual([status(ann), status(dan), status(quinn)], ['approved', 'declined', 'declined']);
  };
  await check(admin);

  // A backup of the running site, restored elsewhere, holds the same.
  const archive = path.join(work, 'backup.tar.gz');
  await runBuiltOk('backup', ['--out', archive], { DATA_DIR: dataDir });
  await server.stop();
  const restoredDir = path.join(work, 'restored');
  await runBuiltOk('restore', [archive], { DATA_DIR: restoredDir });
  assert.equal(
    await readFile(path.join(restoredDir, 'applications.json'), 'utf8'),
    await readFile(path.join(dataDir, 'applications.json'), 'utf8'),
  );
  server = await startServer({ dataDir: restoredDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
  await check(await puppyAdmin(server.url, restoredDir));
});
