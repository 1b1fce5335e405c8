import { useEffect, useState } from 'react';

/** Where focus goes once the list shows a change. */
export interface FocusTarget {
  /** Element ids, in order of preference: the first on the page and enabled gets focus. */
  ids: string[];
  /** Only inside the section labelled by this id (e.g. the sold list, where a sold puppy goes). */
  within?: string;
}

/** A change that never shows (refused, or replaced by another tab's) stops waiting after this. */
const GIVE_UP_MS = 5_000;

/**
 * A change can take away the control that had focus: "Mark as sold" and "Remove" leave with
 * their row, a moved row is put back into the list, and the move buttons are disabled while a
 * change is saved. Focus would then fall to the page's body, and a keyboard or screen-reader user
 * would start again from the top. The returned function names where focus should go instead; it
 * is put there as soon as the page shows it (checked after every render, not while `busy`).
 */
export function useFocusAfterChange(busy = false): (target: FocusTarget) => void {
  const [wanted, setWanted] = useState<(FocusTarget & { until: number }) | null>(null);
  useEffect(() => {
    if (!wanted || busy) return;
    if (Date.now() > wanted.until) {
      setWanted(null);
      return;
    }
    for (const id of wanted.ids) {
      const element = document.getElementById(id);
      if (!element || (element instanceof HTMLButtonElement && element.disabled)) continue;
      const section = element.closest('section')?.getAttribute('aria-labelledby');
      if (wanted.within && section !== wanted.within) continue;
      element.focus();
      setWanted(null);
      return;
    }
  });
  return (target) => setWanted({ ...target, until: Date.now() + GIVE_UP_MS });
}
