import type { LitterStatus } from '../litters';

/** Every word of the litters screen (/admin/litters, issue 27); in the admin chunk only. */
export const littersText = {
  title: 'Litters',
  intro:
    'Each litter with its parents, its dates, its puppies and the families waiting for it. Planned litters you show appear in "Our Next Litter" on the site.',
  manage: 'Litters',
  manageIntro: 'Plan a litter, mark it as born, add its puppies, and keep past litters as your record.',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  admin: 'Admin',
  add: 'Add litter',
  loading: 'Loading litters',
  loadError: 'Could not load the litters',
  none: 'No litters yet. Use "Add litter" to plan one.',
  status: { planned: 'Planned', born: 'Born', 'all-home': 'All home', past: 'Past' } satisfies Record<
    LitterStatus,
    string
  >,
  born: (day: string) => `Born ${day}`,
  expected: (when: string) => `Expected ${when}`,
  noDate: 'Date not known yet',
  parents: (names: string) => `Parents: ${names}`,
  shownOnSite: 'Shown on the site',
  hiddenOnSite: 'Hidden from the site',
  takingApplications: 'Taking applications',
  waiting: (count: number) =>
    count === 0 ? 'No families waiting' : `${count} ${count === 1 ? 'family' : 'families'} waiting`,
  puppiesOf: (name: string) => `Puppies of ${name}`,
  actions: {
    edit: 'Edit',
    markBorn: 'Mark as born',
    past: 'Move to past litters',
    remove: 'Remove',
  },
  saved: 'Saved',
  saveFailed: 'Not saved',
  form: {
    addTitle: 'Add litter',
    editTitle: (name: string) => `Edit ${name}`,
    name: 'Name',
    nameHint: 'For example "Luna × Bentley".',
    mother: 'Mother',
    father: 'Father',
    parentHint: 'Choose a parent from "Meet the Parents", or type any name.',
    status: 'Status',
    planned: 'Planned',
    bornStatus: 'Born',
    expected: 'Expected (optional)',
    expectedHint: 'A month like 2027-03 or a day like 2027-03-14.',
    born: 'Birth date',
    description: 'Description (optional)',
    shown: 'Show this litter in "Our Next Litter" on the site',
    applications: 'Take applications ("Apply for this litter" on the site)',
    save: 'Save',
  },
  markBorn: {
    title: (name: string) => `${name} is born?`,
    text: "Its families stay on its waitlist, in order. The site counts the puppies' age from this day.",
    confirm: 'Mark as born',
  },
  past: {
    title: (name: string) => `Move ${name} to the past litters?`,
    text: 'It leaves the current litters and shows in "Past Litters" on the site, with its puppies.',
    confirm: 'Move to past litters',
  },
  remove: {
    title: (name: string) => `Remove ${name}?`,
    text: 'The litter is deleted. A litter with puppies or families waiting cannot be removed.',
    confirm: 'Remove',
  },
  family: {
    add: 'Add a family photo',
    title: (name: string) => `Add a family photo of ${name}`,
    text: (name: string) =>
      `A "Happy family" photo of ${name} at home, and the family's words: shown on ${name}'s card in "Past Litters" once the litter is past.`,
    quote: 'Their words (optional)',
    save: 'Save',
  },
  offline: 'The server could not be reached. Check the connection and try again.',
} as const;
