/**
 * What the server needs to link a page's assets: read from the client build's metafile by
 * scripts/build/manifest.ts, written to dist/manifest.json, read by the server at start.
 */
export interface AssetManifest {
  /** The app's module: hydrates the page. */
  entry: string;
  /**
   * The public pages' only script: loads the entry and its chunks once the page has painted
   * (src/client/boot.ts), so the largest paint does not wait for or share bandwidth with them.
   */
  boot: string;
  /** Stylesheets every page links. */
  styles: string[];
  /** Chunks the entry imports statically: preloaded so they download in parallel. */
  preload: string[];
  /**
   * The admin pages' own build of the app (decision 044): its entry, every script of it (entry
   * included, all preloaded) and the admin screens' stylesheets, linked only on admin routes.
   */
  admin: { entry: string; scripts: string[]; styles: string[] };
  /** The family's signing page: its own small script (the signature pad) and stylesheet. */
  contract: { script: string; styles: string[] };
}
