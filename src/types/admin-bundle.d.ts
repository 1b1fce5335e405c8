/**
 * True in the admin pages' browser bundle, false in the public pages' and the server's (esbuild's
 * `define`): the public bundle then leaves out the admin screens altogether (decision 044).
 */
declare const ADMIN_BUNDLE: boolean;
