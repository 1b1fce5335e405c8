/**
 * True only in the `npm run dev` build (esbuild's `define`): the production build folds it to
 * false and drops the development-only code behind it, the reload endpoint included.
 */
declare const DEV_RELOAD: boolean;
