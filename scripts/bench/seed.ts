import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Inquiry } from '../../src/shared/api';

export const inquiry = {
  name: 'Bench Family',
  email: 'bench@example.com',
  phone: '555-0100',
  message: 'We would love to meet the puppies and hear more about bringing one home this spring.',
};

/** A realistic inquiries.json of `count` inquiries, in the server's format (version 1). */
export async function seedInquiries(dataDir: string, count: number): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const start = Date.parse('2025-03-01T00:00:00Z');
  const inquiries: Inquiry[] = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    name: `Family ${i}`,
    email: `family${i}@example.com`,
    ...(i % 2 ? { phone: '555-0100' } : {}),
    message: `${inquiry.message} ${'We have a fenced yard and two kids who cannot wait. '.repeat(3)}`,
    createdAt: new Date(start + i * 60_000).toISOString(),
  }));
  await writeFile(path.join(dataDir, 'inquiries.json'), `${JSON.stringify({ version: 1, inquiries })}\n`);
}

export async function storedCount(dataDir: string): Promise<number> {
  const file = JSON.parse(await readFile(path.join(dataDir, 'inquiries.json'), 'utf8'));
  return file.inquiries.length;
}
