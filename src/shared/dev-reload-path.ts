/** `npm run dev` only: the server-sent events that tell the open page to reload. */
export const DEV_RELOAD_PATH = '/__dev/reload';
