import { useEffect, useState } from 'react';

/**
 * False while server rendering, hydrating and loading; true once the page's load event has
 * passed. For what the first paint does not need (photos of later slides): fetched after it, they
 * do not compete with the largest contentful paint for bandwidth.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}
