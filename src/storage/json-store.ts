import { access, constants, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { EndedSessions } from './ended-sessions';
import { InquiryLog } from './inquiry-log';
import { ReadStateFile } from './read-state-file';
import type { Store } from './store';
import { normalizeUsername, UserFile } from './user-file';

export const dataFiles = (dataDir: string) => ({
  inquiries: path.join(dataDir, 'inquiries.json'),
  users: path.join(dataDir, 'users.json'),
  reads: path.join(dataDir, 'inquiry-reads.json'),
  endedSessions: path.join(dataDir, 'ended-sessions.json'),
  account: path.join(dataDir, 'account.json'),
});

/**
 * The Store over JSON files in dataDir: inquiries.json, inquiry-reads.json and
 * ended-sessions.json (written by this process only) and users.json (written by the create-admin
 * CLI only). Refuses to open a corrupt file.
 */
export async function openJsonStore(dataDir: string): Promise<Store> {
  await mkdir(dataDir, { recursive: true });
  const files = dataFiles(dataDir);
  const inquiries = await InquiryLog.open(files.inquiries);
  const reads = await ReadStateFile.open(files.reads);
  const users = new UserFile(files.users);
  await users.readAll(); // fail at start, not at the first sign-in, if users.json is unusable
  const endedSessions = await EndedSessions.open(files.endedSessions);

  return {
    createInquiry: (input) => inquiries.create(input),
    listInquiries: async () => inquiries.list(),
    hasInquiry: (id) => inquiries.has(id),
    inquiryReads: async () => reads.all(),
    async markInquiryRead(id) {
      return inquiries.has(id) ? reads.markRead(id) : null;
    },
    async findUserByUsername(username) {
      const key = normalizeUsername(username);
      return (await users.readAll()).find((user) => normalizeUsername(user.username) === key);
    },
    async findUserById(id) {
      return (await users.readAll()).find((user) => user.id === id);
    },
    async hasUsers() {
      return (await users.readAll()).length > 0;
    },
    async isHealthy() {
      try {
        await access(dataDir, constants.R_OK | constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    endSession: (sid, validUntil) => endedSessions.end(sid, validUntil),
    isSessionEnded: (sid) => endedSessions.has(sid),
    close: async () => {
      await Promise.all([inquiries.close(), reads.close(), endedSessions.close()]);
    },
  };
}
