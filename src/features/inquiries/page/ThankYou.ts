import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import { Button } from '../../../ui/components/Button';
import { button } from '../../../ui/components/Button.css';
import { Icon } from '../../../ui/components/Icon';
import { sectionIds } from '../../../ui/landing/landing-sections';
import { contact } from './contact-labels';
import * as styles from './ThankYou.css';
import { THANKS_HEADING_ID } from './use-contact-form';

interface ThankYouProps {
  /** Back to the form. */
  onAgain: (event: MouseEvent) => void;
  /** The server rendered this panel for a scripts-off post: the way back must work without scripts. */
  asLink: boolean;
}

/** Replaces the form once an inquiry is sent. Its heading takes focus, so screen readers announce it. */
export function ThankYou({ onAgain, asLink }: ThankYouProps) {
  const { thanks } = contact;
  const again = asLink
    ? html`<a href=${`${paths.landing}#${sectionIds.contact}`} className=${button.primary} onClick=${onAgain}>${thanks.again}</a>`
    : html`<${Button} onClick=${onAgain}>${thanks.again}<//>`;
  return html`<div className=${styles.panel}>
    <${Icon} name="check" size=${48} className=${styles.icon} />
    <h3 id=${THANKS_HEADING_ID} tabIndex=${-1} className=${styles.heading}>${thanks.heading}</h3>
    <p className=${styles.text}>${thanks.text}</p>
    ${again}
  </div>`;
}
