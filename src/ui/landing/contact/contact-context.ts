import { createContext, useContext } from 'react';

export interface ContactState {
  /** The contact form's puppy dropdown value: a puppy's name or NO_PREFERENCE. */
  puppy: string;
  setPuppy: (value: string) => void;
  /**
   * Both readings of the spec's inquire action: selects that puppy in the dropdown (no preference
   * when the name is missing or empty) and smooth-scrolls to the contact form.
   */
  inquire: (name?: string) => void;
}

export const ContactContext = createContext<ContactState>({
  puppy: '',
  setPuppy: () => {},
  inquire: () => {},
});

export const useContactState = (): ContactState => useContext(ContactContext);
