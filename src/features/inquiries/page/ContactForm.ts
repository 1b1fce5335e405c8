import { html } from 'htm/react';
import type { ChangeEvent } from 'react';
import { WAITLIST_CHOICE_PREFIX } from '../../../shared/litter-words';
import { Button } from '../../../ui/components/Button';
import { Field, type FieldControl } from '../../../ui/components/Field';
import * as fieldStyles from '../../../ui/components/Field.css';
import { usePuppyNames } from '../../../ui/landing/use-page-puppies';
import { FORM_ERROR, HONEYPOT_FIELD, type InquiryField, NO_PREFERENCE } from '../inquiry-fields';
import * as styles from './ContactForm.css';
import { contact, noPreferenceLabel } from './contact-labels';
import type { ContactValues } from './posted-contact';
import { type ContactFormState, fieldId } from './use-contact-form';

const NO_PUPPIES_ID = 'contact-no-puppies';

/**
 * The contact form. A real form posting to the server, so it works with scripts off; with scripts
 * it validates with the shared schema first and sends the inquiry as JSON instead.
 */
export function ContactForm({ form }: { form: ContactFormState }) {
  const { values, errors } = form;
  const offered = usePuppyNames();
  // With every puppy sold (or reserved) the dropdown offers only "no preference" (and the litters'
  // waitlists, last, if shown), and a note says why.
  const none = offered.length === 0 || offered[0]?.startsWith(WAITLIST_CHOICE_PREFIX);
  const { labels } = contact;
  const text = (field: keyof ContactValues) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.change(field, event.target.value),
  });
  const field = (name: InquiryField, render: (control: FieldControl) => unknown) =>
    html`<${Field} id=${fieldId(name)} label=${labels[name]} error=${errors[name]}>${render}<//>`;

  return html`<form method="post" action="/#contact" noValidate className=${styles.form}
    onSubmit=${form.submit} onFocus=${form.prepare} onInput=${form.prepare}>
    <div className=${styles.row}>
      ${field('name', (control) => html`<input type="text" autoComplete="name" required ...${control} ...${text('name')} />`)}
      ${field('email', (control) => html`<input type="email" autoComplete="email" required ...${control} ...${text('email')} />`)}
    </div>
    <div className=${styles.row}>
      ${field('phone', (control) => html`<input type="tel" autoComplete="tel" ...${control} ...${text('phone')} />`)}
      ${field(
        'puppy',
        (control) => html`<select name="puppy" value=${form.puppy} ...${control}
          aria-describedby=${[control['aria-describedby'], none && NO_PUPPIES_ID].filter(Boolean).join(' ') || undefined}
          onChange=${(event: ChangeEvent<HTMLSelectElement>) => form.changePuppy(event.target.value)}>
          <option value=${NO_PREFERENCE}>${noPreferenceLabel}</option>
          ${offered.map((name) => html`<option key=${name} value=${name}>${name}</option>`)}
        </select>
        ${none && html`<p id=${NO_PUPPIES_ID} className=${styles.note}>${contact.noPuppies}</p>`}`,
      )}
    </div>
    ${field(
      'message',
      (control) =>
        html`<textarea rows=${4} required ...${control} className=${`${control.className} ${fieldStyles.textarea}`} ...${text('message')}></textarea>`,
    )}
    <${Honeypot} />
    ${errors.form && html`<p id=${`contact-${FORM_ERROR}-error`} role="alert" className=${styles.formError}>${errors.form}</p>`}
    <${Button} type="submit" disabled=${form.sending} className=${styles.submit}>
      ${form.sending ? contact.submitting : contact.submit}
    <//>
  </form>`;
}

/**
 * A field for bots only: off screen with no size, out of the Tab order and hidden from assistive
 * technology. Uncontrolled: the submit reads it from the form. A filled one is sent as it is and
 * the server answers like a success without storing anything.
 */
function Honeypot() {
  const id = `contact-${HONEYPOT_FIELD}`;
  return html`<div className=${styles.honeypot} aria-hidden="true">
    <label htmlFor=${id}>${contact.honeypotLabel}</label>
    <input id=${id} type="text" name=${HONEYPOT_FIELD} tabIndex=${-1} autoComplete="off" />
  </div>`;
}
