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

/** The scroll position where a scroll to the element ends: its top at its scroll margin, or the page's end. */
function restingY(target: HTMLElement): number {
  const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  const wanted = window.scrollY + target.getBoundingClientRect().top - margin;
  const end = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(wanted, end));
}

const hasArrived = (target: HTMLElement) => Math.abs(window.scrollY - restingY(target)) <= 2;

/** The watch ends by then whatever happened (a tab in the background draws no frames). */
const GIVE_UP_MS = 10_000;
/**
 * The page is at rest once neither it nor the element moved for this many drawn frames and this
 * long. Frames, not only time: on a busy machine the main thread can go hundreds of ms without a
 * frame while the compositor carries the smooth scroll on, and a timer alone then judged a moving
 * page stopped. Three still frames are normal while a smooth scroll is handed to the compositor.
 */
const REST_FRAMES = 5;
const REST_MS = 150;
const MAX_CORRECTIONS = 4;
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * The cancel above is not always enough, and a smooth scroll can end short (a late layout shift,
 * or Chromium ending an interrupted one early). Each drawn frame checks where the page is: once it
 * rests short of the element, the scroll is corrected. A scroll that never started is tried once
 * more as a smooth scroll; any other correction is an instant step to the exact place, which can
 * neither be dropped nor end short. Any wheel, touch, key or pointer press means the visitor took
 * over, and the watch ends; so does arriving, or a newer scroll (which replaces it).
 */
function watchUntilArrived(target: HTMLElement): () => void {
  const startY = window.scrollY;
  let corrections = 0;
  let last = [startY, target.getBoundingClientRect().top];
  let stillFrames = 0;
  let movedAt = performance.now();
  let frame = 0;
  const onFrame = (now: number) => {
    if (hasArrived(target)) return stop();
    const where = [window.scrollY, target.getBoundingClientRect().top];
    if (where[0] !== last[0] || where[1] !== last[1]) {
      last = where;
      stillFrames = 0;
      movedAt = now;
    } else if (++stillFrames >= REST_FRAMES && now - movedAt >= REST_MS) {
      if (corrections++ >= MAX_CORRECTIONS) return stop();
      if (corrections === 1 && window.scrollY === startY) smoothScrollTo(target);
      else window.scrollTo({ left: window.scrollX, top: restingY(target), behavior: 'instant' });
      stillFrames = 0;
      movedAt = now;
    }
    frame = requestAnimationFrame(onFrame);
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    for (const type of TAKE_OVER_EVENTS) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, GIVE_UP_MS);
  for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  frame = requestAnimationFrame(onFrame);
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
