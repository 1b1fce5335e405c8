import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { sectionIds } from '../landing-sections';
import { isPlainClick } from '../scroll';
import { useContactState } from './contact-context';

/**
 * An inquire action. It is a link to the contact form, so it works with scripts off; with scripts
 * it also selects the puppy (or no preference) in the form's dropdown and scrolls smoothly.
 */
export function InquireLink({
  puppy,
  className,
  children,
}: {
  puppy?: string;
  className: string;
  children: unknown;
}) {
  const { inquire } = useContactState();
  const onClick = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    inquire(puppy);
  };
  return html`<a href=${`#${sectionIds.contact}`} className=${className} onClick=${onClick}>${children}</a>`;
}

/**
 * The click handler of a section only the server renders (server-html.ts): its inquire links are
 * not React's, so one listener on the section does what InquireLink's own would.
 */
export const inquireFromSection =
  (inquire: (name?: string) => void, puppy?: string) => (event: MouseEvent) => {
    const link = (event.target as Element).closest?.(`a[href="#${sectionIds.contact}"]`);
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    // A link may name its own choice (each litter's "Join the Waitlist").
    inquire((link as HTMLElement).dataset.puppy ?? puppy);
  };
