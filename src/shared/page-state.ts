import type { ClientContent } from './page-content';
import type { PagePuppies } from './page-puppies';

/**
 * Data the server hands the page for one request (e.g. the result of a contact form posted with
 * scripts off). It travels in a non-executable <script type="application/json" id="page-state">,
 * so the browser hydrates exactly what the server rendered.
 */
export interface PageState {
  /** The contact form after a scripts-off submission: sent, or the values back with errors. */
  contact?: ContactPageState;
  /** The landing page's puppies, as the breeder last saved them. */
  puppies?: PagePuppies;
  /**
   * "Our Next Litter": each planned litter the breeder shows (absent when none, so a fresh
   * install's page is the spec's): the server renders the section from it, the browser reads only
   * the choices ("Waitlist: {name}" in the dropdown) and whether there is one (the pointer under
   * the puppies).
   */
  nextLitters?: NextLitterPage[];
  /** The parts of the breeder's content the browser renders too, when not the bundle's default. */
  content?: ClientContent;
  /**
   * The admin pages: the brand she published ("Saguaro Doodles"), when not the built-in one, for
   * the titles the browser sets (the inbox's unread count, the visits page).
   */
  brand?: string;
  /** The route the page is, when not its address's: the draft's preview at /admin/site/preview is `/`. */
  path?: string;
}

/** A planned litter as the page shows it: the expected date already in words ("March 2027"). */
export interface NextLitterPage {
  name: string;
  /** The dropdown's choice: "Waitlist: {name}". */
  choice: string;
  expected: string;
  parents: string;
  description: string;
  /** Its application page, `/apply/{id}` (issue 29). */
  apply?: string;
}

/**
 * sent: show the Thank You panel. invalid: show the form again with `values` as typed and
 * `errors` under their fields; `errors.form` (FORM_ERROR in inquiry-fields.ts), when present, is a
 * message about the whole submission (too many inquiries, storage unavailable) to show above the
 * submit button.
 */
export type ContactPageState =
  | { status: 'sent' }
  | { status: 'invalid'; values: Record<string, string>; errors: Record<string, string> };

export const PAGE_STATE_ID = 'page-state';
