import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import bcrypt from 'bcrypt';
import { cliPath, cookieFrom, getJson, login, readUsers, runCli } from '../helpers/admin';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const PASSWORD = 'a long enough password';

const freshDataDir = suiteTempDirs('cli');

const usersFile = (dataDir: string) => path.join(dataDir, 'users.json');
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the CLI on a pseudo-terminal (util-linux `script`) and types each answer once its prompt
 * has appeared; resolves with everything the terminal showed.
 */
function runOnTerminal(dataDir: string, username: string, answers: string[]) {
  const command = [process.execPath, cliPath, '--username', username].map(quote).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const prompts = [/Password: /, /Repeat the password: /];
  let screen = '';
  let answered = 0;
  child.stdout.on('data', (chunk) => {
    screen += chunk;
    const prompt = prompts[answered];
    if (prompt && answered < answers.length && (screen.match(new RegExp(prompt, 'g'))?.length ?? 0) > 0) {
      child.stdin.write(`${answers[answered]}\r`);
      answered += 1;
    }
  });
  child.stderr.on('data', (chunk) => (screen += chunk));
  return new Promise<{ code: number | null; screen: string }>((resolve) =>
    child.once('close', (code) => {
      child.stdin.destroy();
      resolve({ code, screen });
    }),
  );
}

describe('create-admin with a piped password', () => {
  test('creates the admin with a cost-12 bcrypt hash, never the password itself', async () => {
    const dataDir = await freshDataDir();
    const result = await runCli(['--username', 'breeder@example.com'], { dataDir, input: `${PASSWORD}\n` });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim(), 'Created admin breeder@example.com');
    const users = await readUsers(dataDir);
    assert.equal(users.length, 1);
    const [user] = users;
    assert.equal(user?.username, 'breeder@example.com');
    assert.match(user?.passwordHash ?? '', /^\$2b\$12\$/);
    assert.equal(await bcrypt.compare(PASSWORD, user?.passwordHash ?? ''), true);
    assert.equal(user?.sessionVersion, 1);
    assert.ok(!JSON.stringify(users).includes(PASSWORD));
    assert.equal((await stat(usersFile(dataDir))).mode & 0o777, 0o600);
  });

  test('accepts --username=EMAIL and only the first line of standard input', async () => {
    const dataDir = await freshDataDir();
    const result = await runCli(['--username=first@example.com'], {
      dataDir,
      input: `${PASSWORD}\r\nsecond line is ignored\n`,
    });
    assert.equal(result.code, 0, result.stderr);
    const [user] = await readUsers(dataDir);
    assert.equal(await bcrypt.compare(PASSWORD, user?.passwordHash ?? ''), true);
  });

  const refusals: { name: string; args: string[]; input: string; message: RegExp }[] = [
    { name: 'a missing username', args: [], input: `${PASSWORD}\n`, message: /username is missing/ },
    {
      name: 'an empty username',
      args: ['--username='],
      input: `${PASSWORD}\n`,
      message: /username is missing/,
    },
    {
      name: 'a username that is not an email',
      args: ['--username', 'breeder'],
      input: `${PASSWORD}\n`,
      message: /email/,
    },
    { name: 'no password at all', args: ['--username', 'a@b.example'], input: '', message: /No password/ },
    {
      name: 'an 11-character password',
      args: ['--username', 'a@b.example'],
      input: '12345678901\n',
      message: /too short.*12 characters/,
    },
    {
      name: 'a 73-byte password',
      args: ['--username', 'a@b.example'],
      input: `${'x'.repeat(73)}\n`,
      message: /too long.*72 bytes/,
    },
    // Long enough, but among the 10,000 most common passwords (ASVS 6.2.4), whatever the case.
    {
      name: 'one of the 10,000 most common passwords',
      args: ['--username', 'a@b.example'],
      input: 'Qwerty123456\n',
      message: /one of the 10,000 most common passwords/,
    },
    // 37 characters, but 74 bytes in UTF-8: bcrypt counts bytes.
    {
      name: 'a 37-character password of 2-byte letters',
      args: ['--username', 'a@b.example'],
      input: `${'é'.repeat(37)}\n`,
      message: /too long/,
    },
  ];
  for (const { name, args, input, message } of refusals) {
    test(`refuses ${name} with a clear message, a non-zero exit and no file written`, async () => {
      const dataDir = await freshDataDir();
      const result = await runCli(args, { dataDir, input });
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '');
      assert.equal(existsSync(usersFile(dataDir)), false);
    });
  }

  test('accepts exactly 12 characters and exactly 72 bytes', async () => {
    const dataDir = await freshDataDir();
    for (const [username, password] of [
      ['twelve@example.com', '123456789012'],
      ['bytes@example.com', 'é'.repeat(36)],
    ] as const) {
      const result = await runCli(['--username', username], { dataDir, input: `${password}\n` });
      assert.equal(result.code, 0, result.stderr);
    }
    assert.equal((await readUsers(dataDir)).length, 2);
  });

  test('sets a new password for an existing username and bumps its session version', async () => {
    const dataDir = await freshDataDir();
    await runCli(['--username', 'breeder@example.com'], { dataDir, input: `${PASSWORD}\n` });
    const [before] = await readUsers(dataDir);
    const result = await runCli(['--username', ' Breeder@Example.com '], {
      dataDir,
      input: 'a brand new password\n',
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout.trim(),
      'Updated the password of breeder@example.com; existing sessions were signed out',
    );
    const users = await readUsers(dataDir);
    assert.equal(users.length, 1);
    assert.equal(users[0]?.id, before?.id);
    assert.equal(users[0]?.sessionVersion, 2);
    assert.equal(await bcrypt.compare('a brand new password', users[0]?.passwordHash ?? ''), true);
    assert.equal(await bcrypt.compare(PASSWORD, users[0]?.passwordHash ?? ''), false);
  });
});

describe('create-admin on a terminal', () => {
  test('asks twice without echoing the password, then creates the admin', async () => {
    const dataDir = await freshDataDir();
    const { code, screen } = await runOnTerminal(dataDir, 'tty@example.com', [PASSWORD, PASSWORD]);
    assert.equal(code, 0, screen);
    assert.match(screen, /Password: /);
    assert.match(screen, /Repeat the password: /);
    assert.match(screen, /Created admin tty@example\.com/);
    assert.ok(!screen.includes(PASSWORD), `the password was echoed:\n${screen}`);
    const [user] = await readUsers(dataDir);
    assert.equal(await bcrypt.compare(PASSWORD, user?.passwordHash ?? ''), true);
  });

  test('refuses two different answers', async () => {
    const dataDir = await freshDataDir();
    const { code, screen } = await runOnTerminal(dataDir, 'tty@example.com', [PASSWORD, `${PASSWORD}!`]);
    assert.notEqual(code, 0);
    assert.match(screen, /do not match/);
    assert.equal(existsSync(usersFile(dataDir)), false);
  });

  test('refuses a short password typed twice', async () => {
    const dataDir = await freshDataDir();
    const { code, screen } = await runOnTerminal(dataDir, 'tty@example.com', ['short', 'short']);
    assert.notEqual(code, 0);
    assert.match(screen, /too short/);
    assert.equal(existsSync(usersFile(dataDir)), false);
  });
});

describe('create-admin while the server runs', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await freshDataDir();
  });

  test('the server sees the new admin and the new password at once, and keeps every inquiry', async () => {
    const server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    try {
      assert.match(server.output(), /No admin yet: create one with npm run create-admin -- --username EMAIL/);
      const early = uniqueInquiry('before-admin');
      assert.equal((await postInquiry(server.url, early)).status, 201);

      const created = await runCli(['--username', 'live@example.com'], { dataDir, input: `${PASSWORD}\n` });
      assert.equal(created.code, 0, created.stderr);
      const first = await login(server.url, 'live@example.com', PASSWORD);
      assert.equal(first.status, 200);
      const cookie = cookieFrom(first);

      const middle = uniqueInquiry('between');
      assert.equal((await postInquiry(server.url, middle)).status, 201);
      const changed = await runCli(['--username', 'live@example.com'], {
        dataDir,
        input: 'the second password\n',
      });
      assert.equal(changed.code, 0, changed.stderr);
      const late = uniqueInquiry('after-change');
      assert.equal((await postInquiry(server.url, late)).status, 201);

      assert.equal((await getJson(`${server.url}/api/user`, cookie)).status, 401, 'old session ended');
      assert.equal((await login(server.url, 'live@example.com', PASSWORD)).status, 401);
      const second = await login(server.url, 'live@example.com', 'the second password');
      assert.equal(second.status, 200);
      const list = (await (await getJson(`${server.url}/api/inquiries`, cookieFrom(second))).json()) as {
        email: string;
      }[];
      assert.deepEqual(
        list.map((inquiry) => inquiry.email),
        [late.email, middle.email, early.email],
      );
      assert.equal((await readUsers(dataDir)).length, 1);
    } finally {
      await server.stop();
    }
  });

  test('a server started with an admin says nothing about creating one', async () => {
    const server = await startServer({ dataDir });
    try {
      assert.doesNotMatch(server.output(), /No admin yet/);
    } finally {
      await server.stop();
    }
  });
});
