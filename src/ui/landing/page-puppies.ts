import { useMemo } from 'react';
import { NEXT_LITTER_CHOICE } from '../../shared/content';
import { offeredPuppies, type PagePuppies } from '../../shared/page-puppies';
import { usePageState } from '../page-state';

const NONE: PagePuppies = { available: [], sold: [] };

/**
 * The puppies the server rendered the page with (the breeder's, from DATA_DIR): the cards, the
 * sold cards, the dropdown and the form's check all read this, so hydration renders the same.
 */
export const usePagePuppies = (): PagePuppies => usePageState().puppies ?? NONE;

/**
 * The names the dropdown offers and the form accepts (reserved puppies are not offered), then
 * "Next litter (waitlist)" while the next litter is shown: the same array until either changes.
 */
export function usePuppyNames(): readonly string[] {
  const { puppies = NONE, nextLitter } = usePageState();
  return useMemo(() => {
    const names = offeredPuppies(puppies).map((puppy) => puppy.name);
    return nextLitter ? [...names, NEXT_LITTER_CHOICE] : names;
  }, [puppies, nextLitter]);
}
