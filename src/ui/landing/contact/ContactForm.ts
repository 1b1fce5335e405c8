import { html } from 'htm/react';
import type { ChangeEvent, ReactNode } from 'react';
import { availablePuppies, contact, NO_PREFERENCE, noPreferenceLabel } from '../../../shared/content';
import { FORM_ERROR, HONEYPOT_FIELD, type InquiryField } from '../../../shared/inquiry-fields';
import { button } from '../../components/Button.css';
import * as styles from './ContactForm.css';
import type { ContactValues } from './posted-contact';
import { fieldId, type InquiryForm } from './use-contact-form';

const errorId = (field: InquiryField | typeof FORM_ERROR) => `contact-${field}-error`;

/**
 * The inquiry form. A real form posting to the server, so it works with scripts off; with scripts
 * it validates with the shared schema first and sends the inquiry as JSON instead.
 */
export function ContactForm({ form }: { form: InquiryForm }) {
  const { values, errors } = form;
  const { labels } = contact;
  const a11y = (field: InquiryField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });
  const text = (field: keyof ContactValues) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.change(field, event.target.value),
    ...a11y(field),
  });

  return html`<form method="post" action="/#contact" noValidate className=${styles.form}
    onSubmit=${form.submit} onFocus=${form.prepare} onInput=${form.prepare}>
    <div className=${styles.row}>
      <${Field} field="name" label=${labels.name} error=${errors.name}>
        <input type="text" autoComplete="name" required className=${styles.input} ...${text('name')} />
      <//>
      <${Field} field="email" label=${labels.email} error=${errors.email}>
        <input type="email" autoComplete="email" required className=${styles.input} ...${text('email')} />
      <//>
    </div>
    <div className=${styles.row}>
      <${Field} field="phone" label=${labels.phone} error=${errors.phone}>
        <input type="tel" autoComplete="tel" className=${styles.input} ...${text('phone')} />
      <//>
      <${Field} field="puppy" label=${labels.puppy} error=${errors.puppy}>
        <select id=${fieldId('puppy')} name="puppy" className=${styles.input} value=${form.puppy}
          onChange=${(event: ChangeEvent<HTMLSelectElement>) => form.changePuppy(event.target.value)} ...${a11y('puppy')}>
          <option value=${NO_PREFERENCE}>${noPreferenceLabel}</option>
          ${availablePuppies.map((p) => html`<option key=${p.name} value=${p.name}>${p.name}</option>`)}
        </select>
      <//>
    </div>
    <${Field} field="message" label=${labels.message} error=${errors.message}>
      <textarea rows=${4} required className=${styles.textarea} ...${text('message')}></textarea>
    <//>
    <${Honeypot} />
    ${errors.form && html`<p id=${errorId(FORM_ERROR)} role="alert" className=${styles.formError}>${errors.form}</p>`}
    <button type="submit" disabled=${form.sending} className=${`${button.primary} ${styles.submit}`}>
      ${form.sending ? contact.submitting : contact.submit}
    </button>
  </form>`;
}

function Field({
  field,
  label,
  error,
  children,
}: {
  field: InquiryField;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return html`<div className=${styles.field}>
    <label htmlFor=${fieldId(field)} className=${styles.label}>${label}</label>
    ${children}
    ${error && html`<p id=${errorId(field)} className=${styles.error}>${error}</p>`}
  </div>`;
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
