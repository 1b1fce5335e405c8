import { breakpoints } from '../theme.css';

/** Stops watching the last smooth scroll (a newer one replaces it). */
let stopWatching: (() => void) | undefined;

/**
 * Smooth-scrolls to the element with this id (instantly for visitors who ask for reduced motion)
 * and moves keyboard focus there without a second jump, so Tab continues from the section.
 * Returns false, doing nothing, when the page has no such element.
 */
export function scrollToSection(id: string): boolean {
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  stopWatching?.();
  stopWatching = undefined;
  if (window.matchMedia(breakpoints.reducedMotion).matches) {
    target.scrollIntoView({ behavior: 'auto', block: 'start' });
  } else {
    smoothScrollTo(target);
    stopWatching = watchUntilArrived(target);
  }
  if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
  return true;
}

function smoothScrollTo(target: HTMLElement): void {
  cancelSmoothScroll();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * Chromium remembers where an interrupted smooth scroll was going (interrupted by a touch, the
 * wheel or an instant scroll) and can drop a new smooth scroll to that same place as already under
 * way: a second inquire action right after the first then left the page where it was. An instant
 * step of one pixel and back, in one task so nothing is painted, ends the old scroll first.
 */
function cancelSmoothScroll(): void {
  const { scrollX: left, scrollY: top } = window;
  window.scrollTo({ left, top: top > 0 ? top - 1 : top + 1, behavior: 'instant' });
  window.scrollTo({ left, top, behavior: 'instant' });
}

/** Where a scroll to the element ends: its top at its scroll margin, or the page's bottom. */
function hasArrived(target: HTMLElement): boolean {
  const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  const top = target.getBoundingClientRect().top;
  const { scrollHeight } = document.documentElement;
  return Math.abs(top - margin) <= 2 || (window.scrollY + window.innerHeight >= scrollHeight - 1 && top >= 0);
}

const GIVE_UP_MS = 4000;
/** No scroll event for this long: the scroll has ended, or never started. */
const QUIET_MS = 150;
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * The cancel above is not always enough: once the page has stopped moving short of the element,
 * it scrolls again, a few times at most. Any wheel, touch, key or pointer press means the visitor
 * took over, and the watch ends.
 */
function watchUntilArrived(target: HTMLElement): () => void {
  let retries = 3;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const onQuiet = () => {
    if (hasArrived(target) || retries-- <= 0) return stop();
    smoothScrollTo(target);
    waitForQuiet();
  };
  const waitForQuiet = () => {
    clearTimeout(quiet);
    quiet = setTimeout(onQuiet, QUIET_MS);
  };
  const stop = () => {
    clearTimeout(quiet);
    clearTimeout(timer);
    window.removeEventListener('scroll', waitForQuiet);
    for (const type of TAKE_OVER_EVENTS) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, GIVE_UP_MS);
  window.addEventListener('scroll', waitForQuiet, { passive: true });
  for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  waitForQuiet();
  return stop;
}

/** A plain left click without modifier keys: anything else keeps the link's own behaviour. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
