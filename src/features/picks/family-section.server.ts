import { html } from 'htm/react';
import type { PicksData } from '../../storage/picks-schema';
import type { PuppyService } from '../puppies/index';
import { timeInWords } from './pick-mail.server';

/** What the family's page shows of pick day (rendered by the server: the forms work without scripts). */
export interface FamilyPickView {
  state: 'choosing' | 'paused' | 'waiting' | 'passed' | 'timed-out' | 'skipped';
  litterName: string;
  /** While choosing: "Monday, March 3 at 2:00 PM MST". */
  until?: string;
  /** While waiting: their place among the families still to choose (1: next). */
  place?: number;
  puppies: {
    id: string;
    name: string;
    details: string;
    photo: { src: string; srcSet: string; alt: string } | null;
  }[];
  action: string;
  /** A refused choice's reason (the page answers 409 with it). */
  error?: string;
  /** "You chose Daisy" / "You passed" just now. */
  done?: string;
}

/**
 * The family's part of pick day on their page, from picks.json as stored: their turn (the
 * litter's available puppies, "Choose {name}", "Pass"), their place while others choose, or what
 * became of their turn. A family that chose sees their puppy in the page's own puppy section.
 */
export function familyPickView(input: {
  data: PicksData;
  inquiryId: string;
  litterName: (litterId: string) => string;
  available: (litterId: string) => readonly string[];
  puppies: Pick<PuppyService, 'list'>;
  timeZone: string;
  action: string;
}): FamilyPickView | null {
  const round = input.data.rounds.findLast((item) =>
    item.turns.some((turn) => turn.inquiryId === input.inquiryId),
  );
  if (!round) return null;
  const turn = round.turns.find((item) => item.inquiryId === input.inquiryId);
  if (!turn || turn.state === 'chose') return null;
  const litterName = input.litterName(round.litterId);
  const base = { litterName, puppies: [], action: input.action };
  if (turn.state === 'choosing') {
    const byId = new Map(input.puppies.list().puppies.map((puppy) => [puppy.id, puppy]));
    const puppies = input.available(round.litterId).flatMap((id) => {
      const puppy = byId.get(id);
      if (puppy?.status !== 'available') return [];
      const photo = puppy.photos[0];
      return [
        {
          id,
          name: puppy.name,
          details: [puppy.title, puppy.color, puppy.coat].filter(Boolean).join(' · '),
          photo: photo
            ? { src: photo.variants.src, srcSet: photo.variants.jpeg, alt: photo.alt || puppy.name }
            : null,
        },
      ];
    });
    if (round.state === 'paused') return { ...base, state: 'paused' };
    return { ...base, state: 'choosing', until: timeInWords(turn.until ?? '', input.timeZone), puppies };
  }
  if (turn.state === 'waiting') {
    if (round.state === 'done') return null;
    const ahead = round.turns.filter((item) => item.state === 'waiting' || item.state === 'choosing');
    return {
      ...base,
      state: 'waiting',
      place: ahead.findIndex((item) => item.inquiryId === input.inquiryId),
    };
  }
  return { ...base, state: turn.state };
}

/** The section itself (a React tree the family page renders to static markup). */
export function PickSection({ view }: { view: FamilyPickView }) {
  const heading =
    view.state === 'choosing'
      ? 'It is your turn to choose'
      : view.state === 'waiting'
        ? 'Pick day has started'
        : view.state === 'paused'
          ? 'Pick day is paused'
          : 'Pick day';
  const said = {
    waiting:
      view.place === 1
        ? 'You are next: we will email you when it is your turn.'
        : `You are number ${view.place ?? ''} in line: we will email you when it is your turn.`,
    paused: 'Picks are paused for a moment. Your time to choose is kept.',
    passed: 'You passed this time. Your place is kept for the next litter.',
    'timed-out': 'Your time to choose ran out. Your place is kept for the next litter.',
    skipped: 'Your turn was skipped this time. Your place is kept for the next litter.',
    choosing: '',
  }[view.state];
  return html`<section aria-labelledby="pick-heading" className="card pick">
    <h2 id="pick-heading">${heading}</h2>
    <p>${view.litterName}</p>
    ${view.done && html`<p className="sent" role="status">${view.done}</p>`}
    ${view.error && html`<p className="error" role="alert" id="pick-error">${view.error}</p>`}
    ${said && html`<p className="big">${said}</p>`}
    ${
      view.state === 'choosing' &&
      html`<p className="big">${`Please choose by ${view.until ?? ''}.`}</p>
        ${
          view.puppies.length === 0
            ? html`<p>No puppy is available right now.</p>`
            : html`<ul className="choices">
              ${view.puppies.map(
                (puppy) => html`<li key=${puppy.id} className="choice">
                  ${puppy.photo && html`<img src=${puppy.photo.src} srcSet=${puppy.photo.srcSet} sizes="6rem" alt=${puppy.photo.alt} width=${96} height=${96} />`}
                  <div>
                    <p className="big">${puppy.name}</p>
                    ${puppy.details && html`<p>${puppy.details}</p>`}
                    <form method="post" action=${view.action}>
                      <input type="hidden" name="puppy" value=${puppy.id} />
                      <button type="submit" className="button">${`Choose ${puppy.name}`}</button>
                    </form>
                  </div>
                </li>`,
              )}
            </ul>`
        }
        <form method="post" action=${view.action}>
          <input type="hidden" name="pass" value="1" />
          <button type="submit" className="button secondary">Pass (keep my place for the next litter)</button>
        </form>`
    }
  </section>`;
}
