import { html } from 'htm/react';
import type { PageContent } from '../../../shared/page-content';
import { Icon } from '../../../ui/components/Icon';
import { useServerContent } from '../../../ui/landing/content-context';
import { sectionIds } from '../../../ui/landing/landing-sections';
import * as layout from '../../../ui/landing/layout.css';
import { serverHtml } from '../../../ui/server-html';
import * as styles from './Contact.css';
import { ContactForm } from './ContactForm';
import { contact } from './contact-labels';
import { ThankYou } from './ThankYou';
import { useContactForm } from './use-contact-form';

const HEADING_ID = 'contact-heading';
// The heading, intro and side panel change only with a publish, which renders the page again:
// rendered by the server only (see server-html.ts).
const intro = () => document.getElementById(HEADING_ID)?.nextElementSibling;
const side = () => document.querySelector(`#${sectionIds.contact} aside`);

export function Contact() {
  const form = useContactForm();
  const site = useServerContent();
  return html`<section id=${sectionIds.contact} tabIndex=${-1} className=${layout.section} aria-labelledby=${HEADING_ID}>
    <div className=${layout.container}>
      <h2
        id=${HEADING_ID}
        className=${layout.heading}
        ...${SERVER_RENDER ? { children: site.contact.heading } : serverHtml(HEADING_ID)}
      />
      <p className=${layout.intro} ...${SERVER_RENDER ? { children: site.contact.intro } : serverHtml(intro)} />
      <div className=${styles.grid}>
        <div className=${styles.formCard}>
          ${
            form.sent
              ? html`<${ThankYou} asLink=${form.sentByServer} onAgain=${form.sendAnother} />`
              : html`<${ContactForm} form=${form} />`
          }
        </div>
        <aside
          className=${styles.side}
          aria-label=${contact.sideLabel}
          ...${SERVER_RENDER ? { children: sideBody(site.contact.side) } : serverHtml(side)}
        />
      </div>
    </div>
  </section>`;
}

function sideBody(side: PageContent['contact']['side']) {
  return html`<p className=${styles.price}><${Icon} name="tag" className=${styles.icon} />${side.price}</p>
    <p className=${styles.fact}><${Icon} name="clock" className=${styles.icon} />${side.limited}</p>
    <p className=${styles.fact}><${Icon} name="home" className=${styles.icon} />${side.ready}</p>
    <div className=${styles.questions}>
      <h3 className=${styles.questionsHeading}>
        <${Icon} name="help" className=${styles.icon} />${side.questionsHeading}
      </h3>
      <p>${side.questionsText}</p>
    </div>`;
}
