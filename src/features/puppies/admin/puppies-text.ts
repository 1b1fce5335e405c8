/** Every text of the litter manager: the puppies' lists, actions and form inside each litter of /admin/litters. */
export const puppiesText = {
  actions: {
    edit: 'Edit',
    up: 'Move up',
    down: 'Move down',
    sold: 'Mark as sold',
    remove: 'Remove',
  },
  /** A litter's puppies on its card (LitterPuppies). */
  litter: {
    available: 'Available',
    sold: 'Went home',
    none: 'No puppies in this litter yet.',
    add: 'Add puppy',
  },
  saved: 'Saved',
  saveFailed: 'Not saved',
  form: {
    addTitle: 'Add puppy',
    editTitle: (name: string) => `Edit ${name}`,
    name: 'Name',
    title: 'Title',
    description: 'Description',
    coat: 'Coat',
    color: 'Color',
    personality: 'Personality',
    save: 'Save',
    fixFields: 'Check the highlighted fields.',
  },
  photos: {
    busy: 'Wait for the photos to finish uploading.',
  },
  markSold: {
    title: (name: string) => `Mark ${name} as sold`,
    text: (name: string) =>
      `${name} moves to the top of the sold puppies with the title "${name} – Sold!" and her main photo. Visitors can no longer choose her in the contact form.`,
    note: 'Note to the new family',
    confirm: 'Mark as sold',
  },
  remove: {
    title: (name: string) => `Remove ${name}?`,
    text: (name: string) => `${name} and her photos are removed from the site. This cannot be undone.`,
    confirm: 'Remove',
  },
} as const;
