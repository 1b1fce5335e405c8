/**
 * True in the server bundle, false in the browser's (esbuild's `define`). Parts of the public page
 * that never change after the server rendered them are written only behind `SERVER_RENDER`, so the
 * browser bundle carries neither their text nor their code (see src/ui/server-html.ts).
 */
declare const SERVER_RENDER: boolean;
