/** Every word the sales flow adds to the dashboard (issue 20); in the admin chunk only. */
export const salesText = {
  status: 'Status',
  filterStatus: 'Filter by status',
  allStatuses: 'All statuses',
  statusOption: (label: string, count: number) => `${label} (${count.toLocaleString('en-US')})`,
  notes: 'Notes',
  newNote: 'New note',
  addNote: 'Add note',
  noNotes: 'No notes yet.',
  saved: 'Saved',
  saveFailed: 'Not saved',
} as const;
