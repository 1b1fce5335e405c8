import { useMemo } from 'react';
import { offeredPuppies, type PagePuppies } from '../../shared/page-puppies';
import { usePageState } from '../page-state-context';

const NONE: PagePuppies = { available: [], sold: [] };

/**
 * The puppies the server rendered the page with (the breeder's, from DATA_DIR): the cards, the
 * sold cards, the dropdown and the form's check all read this, so hydration renders the same.
 */
export const usePagePuppies = (): PagePuppies => usePageState().puppies ?? NONE;

/**
 * The names the dropdown offers and the form accepts (reserved puppies are not offered), then
 * "Waitlist: {name}" of each planned litter shown: the same array until either changes.
 */
export function usePuppyNames(): readonly string[] {
  const { puppies = NONE, nextLitters = [] } = usePageState();
  return useMemo(
    () => [
      ...offeredPuppies(puppies).map((puppy) => puppy.name),
      ...nextLitters.map((litter) => litter.choice),
    ],
    [puppies, nextLitters],
  );
}
