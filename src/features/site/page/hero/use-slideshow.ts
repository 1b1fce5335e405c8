import { type FocusEvent, type PointerEvent, useEffect, useState } from 'react';
import { breakpoints } from '../../../../ui/theme.css';
import { useMediaQuery } from './use-media-query';

/**
 * The hero's slide index, cycling with wrap-around. It advances every `interval` ms unless it is
 * paused: by the visitor's pause button, while a mouse hovers it or focus is inside it, and by
 * default under prefers-reduced-motion (WCAG 2.2.2); the play button then starts it anyway.
 */
export function useSlideshow(count: number, interval: number) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMediaQuery(breakpoints.reducedMotion);

  const playing = choice ? choice === 'play' : !reducedMotion;
  const running = playing && !hovered && !focused;

  // Keyed on the index too: after a manual change the next slide still gets its full interval.
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((index + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [running, index, count, interval]);

  return {
    index,
    playing,
    running,
    next: () => setIndex((i) => (i + 1) % count),
    previous: () => setIndex((i) => (i - 1 + count) % count),
    goTo: (i: number) => setIndex(i),
    togglePlaying: () => setChoice(playing ? 'pause' : 'play'),
    /** Spread on the element whose hover and focus pause the show. Touch "hover" does not count. */
    pauseTriggers: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') setHovered(true);
      },
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
