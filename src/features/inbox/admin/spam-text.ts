/** The words of spam and scam triage in the dashboard (issue 32). Kept in the admin chunk. */
export const spamText = {
  filter: (count: number) => `Likely spam (${count.toLocaleString('en-US')})`,
  intro:
    'Held back from your inbox: no notice was sent. "Not spam" moves one to the inbox and sends its notice; likely spam is deleted by itself after 30 days.',
  none: 'No likely spam',
  backToInbox: 'Back to the inbox',
  why: 'Why it looks like spam',
  notSpam: 'Not spam',
  delete: 'Delete',
  confirmQuestion: 'Delete this inquiry for good? It cannot be brought back.',
  confirmDelete: 'Delete for good',
  cancel: 'Cancel',
  moved: 'Moved to the inbox',
  movedText: 'Its notice is on its way.',
  deleted: 'Inquiry deleted',
  failed: 'Not saved',
} as const;
