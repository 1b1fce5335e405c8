import type { ContactPageState } from '../../../shared/page-state';
import { usePuppyNames } from '../../../ui/landing/use-page-puppies';
import { usePageState } from '../../../ui/page-state-context';
import { NO_PREFERENCE } from '../inquiry-fields';
import { type ContactErrors, knownErrors } from './schema';

/**
 * What the server sent back after the form was posted with scripts off. The page hydrates from
 * exactly this, so the browser's first render matches the server's HTML.
 */

/** The fields the visitor types; the puppy choice lives in the contact context. */
export type ContactValues = { name: string; email: string; phone: string; message: string };

export const emptyValues: ContactValues = { name: '', email: '', phone: '', message: '' };

export const usePostedContact = (): ContactPageState | undefined => usePageState().contact;

export function postedValues(state: ContactPageState | undefined): ContactValues {
  if (state?.status !== 'invalid') return emptyValues;
  const value = (field: keyof ContactValues) => state.values[field] ?? '';
  return { name: value('name'), email: value('email'), phone: value('phone'), message: value('message') };
}

export function postedErrors(state: ContactPageState | undefined): ContactErrors {
  return state?.status === 'invalid' ? knownErrors(state.errors) : {};
}

/** The dropdown's starting value: the posted puppy when it is one of the options. */
export function usePostedPuppy(): string {
  const puppyNames = usePuppyNames();
  const state = usePostedContact();
  const posted = state?.status === 'invalid' ? state.values.puppy : undefined;
  return posted && puppyNames.includes(posted) ? posted : NO_PREFERENCE;
}
