import { type ReactNode, useEffect } from 'react';

/** The element the browser entry hydrates (the server renders the page into it). */
const ROOT_ID = 'root';

/**
 * Marks the root `data-hydrated="true"` once the page inside has hydrated and run its effects
 * (children's effects run before this one): the one signal browser tests wait for. Inside a
 * Suspense boundary it waits for that boundary, e.g. the lazily loaded admin screens.
 */
export function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.getElementById(ROOT_ID)?.setAttribute('data-hydrated', 'true');
  }, []);
  return children;
}
