import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { SiteEditorState } from '../../src/features/site/site-api';
import type { SiteContent } from '../../src/features/site/site-content';
import type { PuppyClient } from './puppies';
import type { RunningServer } from './server';

/** The site editor's API as the tests call it: the state, a draft, a publish, `/` parsed. */
export function siteEditor(server: () => RunningServer, admin: () => PuppyClient) {
  const siteFile = () => readFile(path.join(server().dataDir, 'site.json'), 'utf8');
  async function state(): Promise<SiteEditorState> {
    const res = await admin().send('GET', '/api/site');
    assert.equal(res.status, 200);
    return (await res.json()) as SiteEditorState;
  }
  async function saveDraft(change: (content: SiteContent) => SiteContent, basedOn?: number) {
    const now = await state();
    return admin().send('PUT', '/api/site/draft', {
      basedOn: basedOn ?? now.basedOn,
      content: change(now.content),
    });
  }
  async function publish() {
    const res = await admin().send('POST', '/api/site/publish', { basedOn: (await state()).basedOn });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as SiteEditorState;
  }
  const landing = async () => {
    const res = await fetch(`${server().url}/`);
    return { etag: res.headers.get('etag'), $: cheerio.load(await res.text()) };
  };
  return { siteFile, state, saveDraft, publish, landing };
}
