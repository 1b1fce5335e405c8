import { createHash } from 'node:crypto';
import { html } from 'htm/react';
import { Fragment, type ReactNode } from 'react';
import { renderFamilyFacingPage } from '../../server/pages/family-facing-page';
import { tokens } from '../../shared/tokens';
import { HONEYPOT_FIELD } from '../inquiries/index';
import { answerField } from './application-service.server';
import { NO, type Question, YES } from './applications';

/**
 * The family's application page, `/apply/{litter}`: rendered by the server from a few plain
 * values, with no script at all (a plain form post, answered with the messages beside their
 * fields). Everything anyone typed is a React text child or attribute, so it is escaped. Its
 * stylesheet is one small file in the site's colours (APPLY_CSS_PATH), never the landing page's.
 */

export const APPLY_CSS_PATH = '/apply-page.css';

const { color, font, radius, space, shadow } = tokens;

export const applyCss = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:${color.cream};color:${color.text};font:1rem/1.6 ${font.body}}
.page{max-width:40rem;margin:0 auto;padding:${space.md}}
h1,h2{font-family:${font.heading};color:${color.brownDark};line-height:1.25;margin:0 0 ${space.sm}}
h1{font-size:1.75rem}h2{font-size:1.3rem}
.top{padding:${space.lg} 0 ${space.md}}
.brand{margin:0;color:${color.gold};font-weight:700;letter-spacing:.02em}
.brand a{color:inherit;text-decoration:none}
.card{background:${color.white};border:1px solid ${color.border};border-radius:${radius.md};box-shadow:${shadow.card};padding:${space.lg};margin:0 0 ${space.lg}}
p{overflow-wrap:anywhere}
a{color:${color.brown}}
.field{margin:0 0 ${space.lg};border:0;padding:0;min-width:0}
label,legend{display:block;font-weight:600;margin-bottom:${space.xs};padding:0;overflow-wrap:anywhere}
.optional{font-weight:400;color:${color.muted}}
input[type=text],input[type=email],input[type=tel],textarea{display:block;width:100%;font:inherit;padding:${space.sm};border:1px solid ${color.muted};border-radius:${radius.sm};background:${color.white};color:${color.text};min-height:44px}
.choice{display:flex;align-items:center;gap:${space.sm};font-weight:400;min-height:44px;margin:0}
.choice input{width:1.25rem;height:1.25rem;margin:0;accent-color:${color.brown}}
[aria-invalid=true]{border-color:${color.danger}}
input:focus-visible,textarea:focus-visible,a:focus-visible,.button:focus-visible{outline:3px solid ${color.focus};outline-offset:2px}
.error{color:${color.danger};margin:${space.xs} 0 0}
.alert{color:${color.danger};background:${color.dangerBg};border-radius:${radius.sm};padding:${space.sm} ${space.md};font-weight:600}
.sent{color:${color.success};font-weight:600}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.button{display:inline-block;background:${color.brown};color:${color.white};border:0;border-radius:${radius.full};padding:.65rem 1.5rem;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;min-height:44px}
`;

export const applyCssHash = createHash('sha256').update(applyCss).digest('base64url').slice(0, 12);

/**
 * The apply pages a family GETs (a litter's empty form, "sent", a refusal), each rendered once by
 * its key and kept until her questions, the litters or her brand change (a publish can rename
 * it): a request never buys a render. `/apply/{litter}` and the family page's "Apply" each keep
 * one.
 */
export function applyPageCache(deps: {
  applications: { onChange(listener: () => void): unknown };
  litters: { onChange(listener: () => void): unknown };
  brand: () => string;
}): (key: string, render: () => string) => string {
  const pages = new Map<string, string>();
  deps.applications.onChange(() => pages.clear());
  deps.litters.onChange(() => pages.clear());
  let brandOfCache = '';
  return (key, render) => {
    const brand = deps.brand();
    if (brand !== brandOfCache) {
      pages.clear();
      brandOfCache = brand;
    }
    let body = pages.get(key);
    if (body === undefined) {
      body = render();
      pages.set(key, body);
    }
    return body;
  };
}

export interface ApplyFormView {
  brand: string;
  litterName: string;
  action: string;
  questions: readonly Question[];
  /** As typed (after a refusal), by field name. */
  values: Record<string, string>;
  /** By field name; `form` is about the whole submission. */
  errors: Record<string, string>;
  /**
   * From the family's own page (issue 29): their name, email and phone are their inquiry's, so
   * only her questions are asked (and no honeypot: the page's link is the family's secret).
   */
  fromFamilyPage?: boolean;
}

const page = (title: string, body: ReactNode) =>
  renderFamilyFacingPage(
    { robots: 'noindex', stylesheet: `${APPLY_CSS_PATH}?v=${applyCssHash}` },
    title,
    body,
  );

const top = (brand: string, heading: string) =>
  html`<header className="top"><p className="brand"><a href="/">${brand}</a></p><h1>${heading}</h1></header>`;

/** Label, control and message of one field; the message is tied to the control for screen readers. */
function TextField(props: {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'long';
  required: boolean;
  value: string;
  error: string | undefined;
  autoComplete?: string;
  maxLength: number;
}) {
  const id = `field-${props.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: props.name,
    'aria-required': props.required ? 'true' : undefined,
    'aria-invalid': props.error ? 'true' : undefined,
    'aria-describedby': props.error ? errorId : undefined,
    maxLength: props.maxLength,
    autoComplete: props.autoComplete,
  };
  return html`<div className="field">
    <label htmlFor=${id}>${props.label}${!props.required && html`<${Fragment}> <span className="optional">(optional)</span><//>`}</label>
    ${
      props.type === 'long'
        ? html`<textarea ...${common} rows=${4} defaultValue=${props.value}></textarea>`
        : html`<input ...${common} type=${props.type} defaultValue=${props.value} />`
    }
    ${props.error && html`<p id=${errorId} className="error">${props.error}</p>`}
  </div>`;
}

function Choices(props: {
  name: string;
  label: string;
  required: boolean;
  choices: string[];
  value: string;
  error: string | undefined;
}) {
  const errorId = `field-${props.name}-error`;
  // A radio group, which (unlike a plain fieldset) may say it is required or wrong.
  return html`<fieldset className="field" role="radiogroup" aria-invalid=${props.error ? 'true' : undefined}
      aria-describedby=${props.error ? errorId : undefined} aria-required=${props.required ? 'true' : undefined}>
    <legend>${props.label}${!props.required && html`<${Fragment}> <span className="optional">(optional)</span><//>`}</legend>
    ${props.choices.map(
      (choice, index) => html`<label key=${index} className="choice">
        <input type="radio" name=${props.name} value=${choice} defaultChecked=${props.value === choice} />
        ${choice}
      </label>`,
    )}
    ${props.error && html`<p id=${errorId} className="error">${props.error}</p>`}
  </fieldset>`;
}

function QuestionField({ question, view }: { question: Question; view: ApplyFormView }) {
  const name = answerField(question);
  const value = view.values[name] ?? '';
  const error = view.errors[name];
  const { label, required } = question;
  switch (question.kind) {
    case 'choice':
      return html`<${Choices} name=${name} label=${label} required=${required} choices=${question.choices} value=${value} error=${error} />`;
    case 'yes-no':
      return html`<${Choices} name=${name} label=${label} required=${required} choices=${[YES, NO]} value=${value} error=${error} />`;
    case 'long':
      return html`<${TextField} name=${name} label=${label} type="long" required=${required} value=${value} error=${error} maxLength=${2000} />`;
    case 'phone':
      return html`<${TextField} name=${name} label=${label} type="tel" required=${required} value=${value} error=${error} maxLength=${40} />`;
    default:
      return html`<${TextField} name=${name} label=${label} type="text" required=${required} value=${value} error=${error} maxLength=${200} />`;
  }
}

/** The form: her brand, the litter, the family's name, email and phone, then her questions. */
export function renderApplyForm(view: ApplyFormView): string {
  const { values, errors } = view;
  return page(
    `Apply for ${view.litterName} · ${view.brand}`,
    html`${top(view.brand, `Apply for ${view.litterName}`)}
      <section className="card" aria-labelledby="apply-about">
        <h2 id="apply-about">Your application</h2>
        <p>${
          view.fromFamilyPage
            ? 'Tell us about your family and your home. Your answers go with the details you already sent us; we read every application and answer by email.'
            : 'Tell us about your family and your home. We read every application and answer by email.'
        }</p>
        ${errors.form && html`<p className="alert" role="alert">${errors.form}</p>`}
        ${
          Object.keys(errors).length > 0 &&
          !errors.form &&
          html`<p className="alert" role="alert">Please correct the fields marked below.</p>`
        }
        <form method="post" action=${view.action} noValidate>
          ${
            !view.fromFamilyPage &&
            html`<${Fragment}>
              <${TextField} name="name" label="Your name" type="text" required=${true} value=${values.name ?? ''} error=${errors.name} autoComplete="name" maxLength=${100} />
              <${TextField} name="email" label="Email" type="email" required=${true} value=${values.email ?? ''} error=${errors.email} autoComplete="email" maxLength=${254} />
              <${TextField} name="phone" label="Phone" type="tel" required=${false} value=${values.phone ?? ''} error=${errors.phone} autoComplete="tel" maxLength=${40} />
            <//>`
          }
          ${view.questions.map((question) => html`<${QuestionField} key=${question.id} question=${question} view=${view} />`)}
          ${
            !view.fromFamilyPage &&
            html`<div className="trap" aria-hidden="true">
              <label htmlFor="apply-website">Website</label>
              <input id="apply-website" type="text" name=${HONEYPOT_FIELD} tabIndex=${-1} autoComplete="off" />
            </div>`
          }
          <button type="submit" className="button">Send application</button>
        </form>
      </section>`,
  );
}

/** After a stored application (post/redirect/get): a reload stores nothing. */
export function renderApplySent(brand: string, litterName: string): string {
  return page(
    `Application sent · ${brand}`,
    html`${top(brand, 'Thank you for applying')}
      <section className="card">
        <p className="sent" role="status">${`Your application for ${litterName} was sent.`}</p>
        <p>We read every application and will answer you by email.</p>
        <p><a href="/">Back to the puppies</a></p>
      </section>`,
  );
}

/** A litter that is not open to applications (unknown, hidden, past). */
export function renderNoSuchLitter(brand: string): string {
  return page(
    `Litter not found · ${brand}`,
    html`${top(brand, 'This litter is not taking applications')}
      <section className="card"><p>It may have been removed. See our current puppies and litters on the <a href="/">home page</a>.</p></section>`,
  );
}

/** A family page's "Apply" that cannot be used (already applied, or no longer asked): why, in words. */
export function renderApplyRefused(brand: string, heading: string, message: string): string {
  return page(
    `${heading} · ${brand}`,
    html`${top(brand, heading)}
      <section className="card"><p role="status">${message}</p></section>`,
  );
}
