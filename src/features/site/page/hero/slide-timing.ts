/** Spec section 9: the hero auto-advances every 5000 ms with a 1 s fade. */
export const SLIDE_INTERVAL_MS = 5000;
export const SLIDE_FADE_MS = 1000;
