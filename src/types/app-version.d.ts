/** package.json's name and version (esbuild's `define`), written into each backup's manifest. */
declare const APP_INFO: { name: string; version: string };
