import type { z } from 'zod';
import type { SiteContent } from '../features/site/site-content';
import { JsonDocument, WithoutVersion } from './json-document';
import type { FileAt } from './open-file';
import { siteFile } from './registry';
import type { PublishedVersion, SiteData } from './site-schema';

export type { PublishedVersion, SiteData };

/**
 * site.json: the public page's content, published and draft, with its history: a JsonDocument
 * (one change at a time, each on disk before its promise resolves and before `data` shows it; a
 * failed write leaves file and memory as they were). A file the schema refuses (another format,
 * content the editor could not have saved) is refused at start, untouched.
 */
export class SiteFile {
  private readonly view = new WithoutVersion<Readonly<z.output<typeof siteFile.schema>>>();

  private constructor(private readonly document: JsonDocument<typeof siteFile.schema>) {}

  /** Opens site.json; with none yet, `seed`'s content is published as revision 1 (by nobody). */
  static async open(at: FileAt, seed: () => SiteContent): Promise<SiteFile> {
    const document = await JsonDocument.open(at, siteFile, async () => {
      const first: PublishedVersion = {
        revision: 1,
        content: seed(),
        publishedAt: new Date().toISOString(),
        by: '',
      };
      return { version: 1 as const, published: first, draft: null, history: [first] };
    });
    return new SiteFile(document);
  }

  /** What the file holds now. Never mutate it: changes go through change(). */
  get data(): Readonly<SiteData> {
    return this.view.of(this.document.data);
  }

  /** Applies `apply` to the latest data and writes the result; a throw from `apply` changes nothing. */
  async change<T>(apply: (data: SiteData) => [SiteData, T]): Promise<T> {
    const { result } = await this.document.change((current) => {
      const [after, result] = apply(this.view.of(current));
      return [{ version: current.version, ...after }, result];
    });
    return result;
  }

  close(): Promise<void> {
    return this.document.close();
  }
}
