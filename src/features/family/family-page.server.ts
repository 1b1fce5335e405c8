import { html } from 'htm/react';
import { Fragment, type ReactNode } from 'react';
import { renderFamilyFacingPage } from '../../server/pages/family-facing-page';
import { type FamilyPickView, PickSection } from '../picks/index';
import { familyCssHash } from './family-css.server';

/**
 * The family's page: rendered by the server for each request (it is theirs alone, never cached)
 * from a few plain values, with no script at all. Everything anyone typed is a React text child,
 * so it is escaped. The stylesheet is its own small file (FAMILY_CSS_PATH), in the site's colours.
 */

export const FAMILY_CSS_PATH = '/family-page.css';

interface FamilyPhotoView {
  src: string;
  srcSet: string;
  alt: string;
  /** The largest JPEG: the photo enlarged, without scripts. */
  large: string;
  width: number;
  height: number;
}

export interface FamilyPageView {
  brand: string;
  familyName: string;
  puppy: {
    name: string;
    litter: string;
    born: string;
    age: string;
    photos: FamilyPhotoView[];
  } | null;
  /** Their place on the waitlist (1 for first), when they have no puppy yet. */
  waitlist: {
    place: number;
    /** "the Luna × Bentley litter"; "" for a family waiting for any litter. */
    litter: string;
  } | null;
  goHome: { when: string; place: string; note: string; icsUrl: string } | null;
  whatToBring: string[];
  money: {
    price: string;
    payments: { label: string; amount: string; day: string; method: string }[];
    paid: string;
    due: string;
    instructions: string;
    payByCard: string | null;
    proofAction: string;
    proofs: { day: string; kind: string }[];
    proofSent: boolean;
    proofError?: string;
  } | null;
  /** Newest first. */
  updates: { id: string; when: string; at: string; text: string; photos: FamilyPhotoView[] }[];
  question: { action: string; sent: boolean; error?: string; value?: string };
  /** Her sales agreement (issue 30), once sent: its status and the signing page. */
  contract?: { status: string; href: string } | null;
  /** Pick day (issue 29): their turn, their place in line, or what became of their turn. */
  pick?: FamilyPickView | null;
  /**
   * She asked them to apply for a litter (issue 29): its name and application page, or, once they
   * applied (until she decides), that it was sent.
   */
  apply?: { litterName: string; href: string; applied: boolean } | null;
}

const page = (title: string, body: ReactNode) =>
  renderFamilyFacingPage(
    { robots: 'noindex, nofollow', noReferrer: true, stylesheet: `${FAMILY_CSS_PATH}?v=${familyCssHash}` },
    title,
    body,
  );

function Photos({ photos }: { photos: FamilyPhotoView[] }) {
  if (photos.length === 0) return null;
  return html`<ul className="photos">
    ${photos.map(
      (photo, index) => html`<li key=${index}>
        <a href=${photo.large} aria-label=${`${photo.alt} (larger photo)`}>
          <img src=${photo.src} srcSet=${photo.srcSet} sizes="(min-width: 48rem) 15rem, 45vw" alt=${photo.alt}
            width=${photo.width} height=${photo.height} loading=${index < 2 ? undefined : 'lazy'} />
        </a>
      </li>`,
    )}
  </ul>`;
}

export function renderFamilyPage(view: FamilyPageView): string {
  const { puppy, money, goHome, question } = view;
  return page(
    `${view.familyName} · ${view.brand}`,
    html`<header className="top">
        <p className="brand">${view.brand}</p>
        <h1>${`Welcome, ${view.familyName}`}</h1>
      </header>
      ${view.pick && html`<${PickSection} view=${view.pick} />`}
      <section aria-labelledby="puppy-heading" className="card">
        ${
          puppy
            ? html`<${Fragment}><h2 id="puppy-heading">${`Your puppy: ${puppy.name}`}</h2>
                <dl className="facts">
                  ${puppy.litter && html`<div><dt>Litter</dt><dd>${puppy.litter}</dd></div>`}
                  <div><dt>Born</dt><dd>${puppy.born}</dd></div>
                  <div><dt>Age</dt><dd>${puppy.age}</dd></div>
                </dl>
                <${Photos} photos=${puppy.photos} /><//>`
            : html`<${Fragment}><h2 id="puppy-heading">Your place on the waitlist</h2>
                <p className="big">
                  ${
                    view.waitlist
                      ? `You are number ${view.waitlist.place} on the waitlist${view.waitlist.litter ? ` for ${view.waitlist.litter}` : ''}.`
                      : 'You are not on the waitlist yet.'
                  }
                </p><//>`
        }
      </section>
      ${
        view.apply &&
        html`<section aria-labelledby="apply-heading" className="card">
          <h2 id="apply-heading">${`Apply for ${view.apply.litterName}`}</h2>
          ${
            view.apply.applied
              ? html`<p className="sent" role="status">${`Your application for ${view.apply.litterName} was sent. We read every application and will answer you by email.`}</p>`
              : html`<${Fragment}>
                  <p>We would like to know your family better: please fill in our application.</p>
                  <p><a className="button" href=${view.apply.href}>Apply</a></p>
                <//>`
          }
        </section>`
      }
      ${
        view.contract &&
        html`<section aria-labelledby="contract-heading" className="card">
          <h2 id="contract-heading">Your agreement</h2>
          <p>${`Status: ${view.contract.status}`}</p>
          <p><a className="button" href=${view.contract.href}>${view.contract.status === 'Sent' ? 'Read and sign' : 'Read the agreement'}</a></p>
        </section>`
      }
      ${
        view.updates.length > 0 &&
        html`<section aria-labelledby="updates-heading" className="card">
          <h2 id="updates-heading">Updates</h2>
          ${view.updates.map(
            (update) => html`<article key=${update.id} className="update">
              <time dateTime=${update.at}>${update.when}</time>
              <p className="pre">${update.text}</p>
              <${Photos} photos=${update.photos} />
            </article>`,
          )}
        </section>`
      }
      ${
        goHome &&
        html`<section aria-labelledby="go-home-heading" className="card">
          <h2 id="go-home-heading">Go-home day</h2>
          <p className="big">${goHome.when}</p>
          ${goHome.place && html`<p>${goHome.place}</p>`}
          ${goHome.note && html`<p className="pre">${goHome.note}</p>`}
          <p><a className="button" href=${goHome.icsUrl} download="go-home-day.ics">Add to calendar</a></p>
          ${
            view.whatToBring.length > 0 &&
            html`<${Fragment}><h3>What to bring</h3>
              <ul className="checklist">${view.whatToBring.map((item, index) => html`<li key=${index}>${item}</li>`)}</ul><//>`
          }
        </section>`
      }
      ${
        money &&
        html`<section aria-labelledby="money-heading" className="card">
          <h2 id="money-heading">Paid and due</h2>
          <dl className="money">
            <div><dt>Price</dt><dd>${money.price}</dd></div>
            ${money.payments.map(
              (payment, index) =>
                html`<div key=${index}><dt>${`${payment.label}, ${payment.day} (${payment.method})`}</dt><dd>${payment.amount}</dd></div>`,
            )}
            <div className="total"><dt>Paid</dt><dd>${money.paid}</dd></div>
            <div className="total"><dt>Balance due</dt><dd>${money.due}</dd></div>
          </dl>
          ${
            money.instructions &&
            html`<${Fragment}><h3>How to pay</h3>
              <p className="pre">${money.instructions}</p><//>`
          }
          ${money.payByCard && html`<p><a className="button" href=${money.payByCard} rel="noreferrer">Pay by card</a></p>`}
          <h3>Add proof of payment</h3>
          ${
            money.proofs.length > 0 &&
            html`<ul className="checklist">${money.proofs.map((item, index) => html`<li key=${index}>${`${item.kind} added ${item.day}`}</li>`)}</ul>`
          }
          ${money.proofSent && html`<p className="sent" role="status">Your receipt was added. Thank you!</p>`}
          <form method="post" action=${money.proofAction} encType="multipart/form-data">
            <label htmlFor="proof">A photo or PDF of your receipt (at most 8 MB)</label>
            <input id="proof" name="proof" type="file" accept="image/jpeg,image/png,image/webp,image/heic,application/pdf" required
              aria-invalid=${money.proofError ? 'true' : undefined} aria-describedby=${money.proofError ? 'proof-error' : undefined} />
            ${money.proofError && html`<p id="proof-error" className="error">${money.proofError}</p>`}
            <button type="submit" className="button">Add proof of payment</button>
          </form>
        </section>`
      }
      <section aria-labelledby="ask-heading" className="card">
        <h2 id="ask-heading">Ask a question</h2>
        ${question.sent && html`<p className="sent" role="status">Your question was sent. We will answer by email.</p>`}
        <form method="post" action=${question.action}>
          <label htmlFor="question">Your question</label>
          <textarea id="question" name="question" rows=${4} maxLength=${2000} required
            aria-invalid=${question.error ? 'true' : undefined} aria-describedby=${question.error ? 'question-error' : undefined}
            defaultValue=${question.value ?? ''}></textarea>
          ${question.error && html`<p id="question-error" className="error">${question.error}</p>`}
          <button type="submit" className="button">Send question</button>
        </form>
      </section>`,
  );
}

/** An old link (turned off or replaced): says so and shows nothing of the family. */
export function renderEndedLink(brand: string): string {
  return page(
    `Link no longer active · ${brand}`,
    html`<header className="top"><p className="brand">${brand}</p><h1>This link is no longer active</h1></header>
      <section className="card"><p>Ask us for your current family page link.</p></section>`,
  );
}

/** A token that was never a link, or too many tries: the same page, nothing more. */
export function renderNoSuchLink(brand: string, throttled: boolean): string {
  return page(
    `Link not found · ${brand}`,
    html`<header className="top"><p className="brand">${brand}</p><h1>${throttled ? 'Too many tries' : 'This link is not valid'}</h1></header>
      <section className="card"><p>${throttled ? 'Please wait a few minutes and try again.' : 'Check the link in your email, or ask us for a new one.'}</p></section>`,
  );
}
