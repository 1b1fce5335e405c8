import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { openUsersForCommand } from '../../src/storage/user-file';
import { distDir } from './server';

export const cliPath = path.join(distDir, 'server/create-admin.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built create-admin CLI with `input` piped to its standard input. */
export function runCli(args: string[], options: { dataDir: string; input?: string }): Promise<CliResult> {
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: { ...process.env, DATA_DIR: options.dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Creates the admin (or sets the password) through the CLI, failing loudly if it refuses. */
export async function createAdmin(dataDir: string, username: string, password: string): Promise<void> {
  const result = await runCli(['--username', username], { dataDir, input: `${password}\n` });
  if (result.code !== 0) throw new Error(`create-admin failed (${result.code}): ${result.stderr}`);
}

/**
 * The admin of a test whose subject is not how the admin is made: written to users.json by the
 * create-admin command's own writer (the storage layer's `upsert`, in the test's process), with a
 * bcrypt hash of cost 4. bcrypt reads the cost from the hash, so each sign-in of such a test costs
 * about a millisecond instead of the product's cost 12 (0.2 CPU-seconds), and no command process
 * starts (0.3 CPU-s more): issue 31. Django's test settings use a
 * fast hasher for the same reason. Tests of the command, and of what a password it sets does, use
 * `createAdmin`; every new password the site itself hashes still costs 12.
 */
export async function seedAdmin(dataDir: string, username: string, password: string): Promise<void> {
  const users = await openUsersForCommand(dataDir);
  await users.upsert(username, await bcrypt.hash(password, 4));
}

export interface StoredUser {
  id: string;
  username: string;
  passwordHash: string;
  sessionVersion: number;
}

export async function readUsers(dataDir: string): Promise<StoredUser[]> {
  const text = await readFile(path.join(dataDir, 'users.json'), 'utf8');
  return (JSON.parse(text) as { users: StoredUser[] }).users;
}

/** "name=value; name2=value2" from a response's Set-Cookie headers, for the next request. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export function login(url: string, username: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });
}

/** Signs in and returns the session cookie to send with later requests. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await login(url, username, password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookieFrom(res);
}

export function getJson(url: string, cookie?: string) {
  return fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
}

/** The admin most suites create; a password the CLI accepts. */
export const ADMIN = 'breeder@example.com';
export const PASSWORD = 'correct horse battery';

/** The Set-Cookie lines of the session cookie (value and signature), lower-cased for matching. */
export const sessionCookies = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((line) => line.startsWith('doodles.sid'))
    .map((line) => line.toLowerCase());

/** POST to `path`, with `body` as JSON when one is given. */
export const postTo = (url: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
