import type { Photo } from './images';

/**
 * One puppy per role: stored, `PuppyRecord`; on the admin screens, `AdminPuppy` (both in
 * src/features/puppies/puppies.ts); on the public page, these two: an available puppy's card
 * (PagePuppy) and a sold one's (PageSoldPuppy), made from the stored ones by
 * src/features/puppies/page-puppies.server.ts.
 */
export interface PagePuppy {
  name: string;
  title: string;
  description: string;
  coat: string;
  color: string;
  personality: string;
  image: Photo;
  images?: Photo[];
  /** Held for a family (issue 20): shown with a "Reserved" badge, not offered. Absent when not. */
  reserved?: true;
  /** Its litter's place in PagePuppies.litters, only while two or more are born (issue 27). */
  litter?: number;
}

export interface PageSoldPuppy {
  name: string;
  title: string;
  description: string;
  image: Photo;
  /** Its litter's place in PagePuppies.litters, only while two or more are born (issue 27). */
  litter?: number;
}

/**
 * The puppies as the public page shows them: the cards, the sold cards, the lightbox, the contact
 * form's dropdown and the structured data all read this one value. The server renders the page
 * from it and hands it to the browser beside the HTML, so hydration renders the same.
 */
export interface PagePuppies {
  available: PagePuppy[];
  sold: PageSoldPuppy[];
  /**
   * The born litters the cards are grouped under, only while two or more are born (issue 27): a
   * fresh install's page, one litter, has none and reads as the spec's.
   */
  litters?: LitterGroup[];
  /** "Past Litters" (issue 27): absent until a litter is moved to the past. */
  past?: PastLitter[];
  /**
   * The born litters taking applications (issue 29), youngest first: "Apply for this litter"
   * under the puppies. Absent while none does (a fresh install's first litter does not).
   */
  apply?: ApplyLitter[];
}

/** A born litter's "Apply for this litter": its name and its application page `/apply/{id}`. */
export interface ApplyLitter {
  name: string;
  href: string;
}

/** A born litter's heading over its puppies: its name, birth date and age in words. */
export interface LitterGroup {
  name: string;
  born: string;
  age: string;
}

/** A past litter as "Past Litters" shows it: its puppies' photos and names, and family photos. */
export interface PastLitter {
  name: string;
  born: string;
  parents: string;
  puppies: { name: string; image: Photo; family?: { image?: Photo; quote: string } }[];
}

/**
 * The available puppies a family can still ask for: not reserved. The dropdown, the server's
 * check of an inquiry, the structured data's offers and any count of puppies "available" read it.
 */
export function offeredPuppies(puppies: PagePuppies): PagePuppy[] {
  return puppies.available.filter((puppy) => !puppy.reserved);
}
