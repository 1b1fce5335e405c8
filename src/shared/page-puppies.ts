import type { AvailablePuppy, SoldPuppy } from './content';

/**
 * The puppies as the public page shows them: the cards, the sold cards, the lightbox, the contact
 * form's dropdown and the structured data all read this one value. The server renders the page
 * from it and hands it to the browser beside the HTML, so hydration renders the same.
 */
export interface PagePuppies {
  available: AvailablePuppy[];
  sold: SoldPuppy[];
}

/**
 * The available puppies a family can still ask for: not reserved. The dropdown, the server's
 * check of an inquiry, the structured data's offers and any count of puppies "available" read it.
 */
export function offeredPuppies(puppies: PagePuppies): AvailablePuppy[] {
  return puppies.available.filter((puppy) => !puppy.reserved);
}
