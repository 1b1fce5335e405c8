import { breakpoints } from '../theme.css';

/**
 * Smooth-scrolls to the element with this id (instantly for visitors who ask for reduced motion)
 * and moves keyboard focus there without a second jump, so Tab continues from the section.
 * Returns false, doing nothing, when the page has no such element.
 */
export function scrollToSection(id: string): boolean {
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  const reduce = window.matchMedia(breakpoints.reducedMotion).matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
  return true;
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
