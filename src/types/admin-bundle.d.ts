/**
 * False only in the public pages' browser bundle (esbuild's `define`), which then leaves out the
 * admin screens altogether; true in the admin pages' bundle and the server's (decision 044).
 */
declare const ADMIN_BUNDLE: boolean;
