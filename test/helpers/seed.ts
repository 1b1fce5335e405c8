import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Inquiry } from '../../src/shared/api';

const FIRST = [
  'Zoë',
  'Renée',
  'José',
  'Ann',
  'Bob',
  'Chloé',
  'Liam',
  'Maya',
  'Noah',
  'Søren',
  'Ava',
  'Ethan',
];
const LAST = ['Ångström', 'García', 'Smith', 'Nguyễn', 'Müller', 'Johnson', 'Brown', 'Øster', 'Lee', 'Davis'];
const PUPPIES = ['Bella', 'Daisy', undefined, 'Bella', undefined];
const LINES = [
  'We would love to meet the puppies and hear more about bringing one home this spring.',
  'We have a fenced yard and two kids who cannot wait.',
  'Is she still available? We live in Flagstaff and could drive down on Saturday.',
  'Our last doodle lived to fifteen; we are ready for the next one.',
];

/**
 * `count` realistic inquiries, oldest first as inquiries.json stores them, one a minute up to
 * `newest`. Deterministic: the same count gives the same names, puppies and messages (ids aside).
 */
export function manyInquiries(count: number, newest = new Date()): Inquiry[] {
  const start = newest.getTime() - (count - 1) * 60_000;
  return Array.from({ length: count }, (_, i) => {
    const puppy = PUPPIES[i % PUPPIES.length];
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[(i * 7) % LAST.length] as string;
    return {
      id: randomUUID(),
      name: `${first} ${last} ${i}`,
      email: `family${i}@example.com`,
      ...(i % 2 ? { phone: `(928) 555-${String(i % 10_000).padStart(4, '0')}` } : {}),
      ...(puppy ? { puppy } : {}),
      message: `${LINES[i % LINES.length]} ${LINES[(i + 1) % LINES.length]}`,
      createdAt: new Date(start + i * 60_000).toISOString(),
    };
  });
}

/** Writes inquiries.json (oldest first) before the server starts: seeding without the API. */
export async function writeInquiriesFile(dataDir: string, inquiries: readonly Inquiry[]): Promise<void> {
  await writeFile(path.join(dataDir, 'inquiries.json'), `${JSON.stringify({ version: 1, inquiries })}\n`);
}
