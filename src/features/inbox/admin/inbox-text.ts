/**
 * Every word the inbox adds to the dashboard (issue 11); the spec's own words stay in
 * src/ui/admin/admin-text.ts. Kept in the admin chunk: visitors of / never download them.
 */
export const inboxText = {
  filterStatus: 'Filter by status',
  allStatuses: 'All statuses',
  statusOption: (label: string, count: number) => `${label} (${count.toLocaleString('en-US')})`,
  newBadge: 'New',
  newCount: (count: number) => `${count} new`,
  documentTitle: (count: number, title: string) => (count > 0 ? `(${count}) ${title}` : title),
  search: 'Search inquiries',
  searchPlaceholder: 'Name, email, phone or message',
  filter: 'Filter by puppy',
  allPuppies: 'All puppies',
  showing: (shown: number, matched: number) =>
    `Showing ${shown.toLocaleString('en-US')} of ${matched.toLocaleString('en-US')} inquiries`,
  noMatches: 'No inquiries match your search',
  clearSearch: 'Clear search',
  loadMore: 'Load more',
  exportCsv: 'Export CSV',
  exportFailed: 'Export failed',
  openDetails: 'View details of',
} as const;

export const replyText = {
  heading: 'Answer',
  replyByEmail: 'Reply by email',
  call: 'Call',
  text: 'Text',
  copyEmail: 'Copy email',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the address above',
  subjectAbout: (puppy: string) => `Your inquiry about ${puppy}`,
  subjectGeneral: 'Your puppy inquiry',
  greeting: (firstName: string) => `Hi ${firstName},`,
  wrote: (when: string, name: string) => `On ${when}, ${name} wrote:`,
} as const;
