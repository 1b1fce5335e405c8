import { readFile } from 'node:fs/promises';
import * as cheerio from 'cheerio';
import type { AdminPhoto, AdminPuppy, PuppyList, UploadEvent } from '../../src/features/puppies/puppies';
import { ADMIN, PASSWORD, seedAdmin, signIn } from './admin';

/** Creates the admin in `dataDir` and returns a signed-in client of the litter manager's API. */
export async function puppyAdmin(url: string, dataDir: string) {
  await seedAdmin(dataDir, ADMIN, PASSWORD);
  return puppyClient(url, await signIn(url, ADMIN, PASSWORD));
}

function puppyClient(url: string, cookie: string) {
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method,
      headers: {
        Cookie: cookie,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    cookie,
    send,
    async list(): Promise<AdminPuppy[]> {
      const res = await send('GET', '/api/puppies');
      if (res.status !== 200) throw new Error(`GET /api/puppies: ${res.status}`);
      return ((await res.json()) as PuppyList).puppies;
    },
    async find(name: string): Promise<AdminPuppy> {
      const puppy = (await this.list()).find((p) => p.name === name);
      if (!puppy) throw new Error(`no puppy ${name}`);
      return puppy;
    },
    /** Uploads a file's bytes; resolves with the answer's status and its events or message. */
    async upload(file: string | Buffer, type = 'image/jpeg') {
      const body = typeof file === 'string' ? await readFile(file) : file;
      const res = await fetch(`${url}/api/photos`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': type },
        body: new Uint8Array(body),
      });
      const text = await res.text();
      if (res.status !== 200)
        return { status: res.status, message: (JSON.parse(text) as { message: string }).message };
      const events = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as UploadEvent);
      const done = events.at(-1);
      const photo = done?.stage === 'done' ? done.photo : undefined;
      return { status: res.status, events, photo, type: res.headers.get('content-type') };
    },
    async uploaded(file: string | Buffer, type?: string): Promise<AdminPhoto> {
      const result = await this.upload(file, type);
      if (!result.photo) throw new Error(`upload failed: ${result.status} ${result.message}`);
      return result.photo;
    },
  };
}

export type PuppyClient = ReturnType<typeof puppyClient>;

export const newPuppy = (name: string, ...photos: AdminPhoto[]) => ({
  name,
  title: `${name} – The Sweetheart`,
  description: `${name} loves belly rubs and long naps in the sun.`,
  coat: 'Wavy Coat',
  color: 'Cream',
  personality: 'Gentle',
  photos: photos.map((photo, i) => ({ id: photo.id, alt: `${name}, photo ${i + 1}` })),
});

/** What a visitor's browser gets on `/`: the cards, the sold cards, the dropdown, the JSON-LD offers. */
export async function visitorView(url: string) {
  const res = await fetch(`${url}/`);
  const html = await res.text();
  const $ = cheerio.load(html);
  const names = (section: string) =>
    $(`#${section} article h3`)
      .map((_, el) => $(el).text().trim())
      .get();
  const ld = JSON.parse($('script[type="application/ld+json"]').text()) as {
    makesOffer: { itemOffered: { name: string; image: string } }[];
  };
  return {
    etag: res.headers.get('etag'),
    $,
    html,
    available: names('puppies'),
    sold: names('sold-puppies'),
    options: $('select[name="puppy"] option')
      .map((_, el) => $(el).text().trim())
      .get(),
    offers: ld.makesOffer.map((offer) => offer.itemOffered.name),
    offerImages: ld.makesOffer.map((offer) => offer.itemOffered.image),
  };
}

/** An inquiry naming `puppy`, as the contact form sends it. */
export function inquireAbout(url: string, puppy: string) {
  return fetch(`${url}/api/inquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Visiting Family',
      email: 'family@example.com',
      puppy,
      message: `We would love to meet ${puppy} this weekend.`,
    }),
  });
}
