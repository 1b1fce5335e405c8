import { createContext, useContext } from 'react';

export interface Inquiry {
  /** The contact form's puppy dropdown value: a puppy's name or NO_PREFERENCE. */
  puppy: string;
  setPuppy: (value: string) => void;
  /**
   * Both readings of the spec's inquire action: selects that puppy in the dropdown (no preference
   * when the name is missing or empty) and smooth-scrolls to the contact form.
   */
  inquire: (name?: string) => void;
}

export const InquiryContext = createContext<Inquiry>({
  puppy: '',
  setPuppy: () => {},
  inquire: () => {},
});

export const useInquiry = (): Inquiry => useContext(InquiryContext);
