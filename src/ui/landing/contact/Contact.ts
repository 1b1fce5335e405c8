import { html } from 'htm/react';
import { contact, sectionIds } from '../../../shared/content';
import { Icon } from '../../components/Icon';
import * as layout from '../layout.css';
import * as styles from './Contact.css';
import { ContactForm } from './ContactForm';
import { ThankYou } from './ThankYou';
import { useContactForm } from './use-contact-form';

const HEADING_ID = 'contact-heading';

export function Contact() {
  const { side } = contact;
  const form = useContactForm();
  return html`<section id=${sectionIds.contact} tabIndex=${-1} className=${layout.section} aria-labelledby=${HEADING_ID}>
    <div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${contact.title}</h2>
      <p className=${layout.intro}>${contact.intro}</p>
      <div className=${styles.grid}>
        <div className=${styles.formCard}>
          ${
            form.sent
              ? html`<${ThankYou} asLink=${form.sentByServer} onAgain=${form.sendAnother} />`
              : html`<${ContactForm} form=${form} />`
          }
        </div>
        <aside className=${styles.side} aria-label=${side.label}>
          <p className=${styles.price}><${Icon} name="tag" className=${styles.icon} />${side.price}</p>
          <p className=${styles.fact}><${Icon} name="clock" className=${styles.icon} />${side.limited}</p>
          <p className=${styles.fact}><${Icon} name="home" className=${styles.icon} />${side.ready}</p>
          <div className=${styles.questions}>
            <h3 className=${styles.questionsHeading}>
              <${Icon} name="help" className=${styles.icon} />${side.questionsHeading}
            </h3>
            <p>${side.questionsText}</p>
          </div>
        </aside>
      </div>
    </div>
  </section>`;
}
