/** The visit counts' API: the beacon the landing page sends, and the Visits page's report. */
export const visitsApi = {
  beacon: '/api/visit',
  report: '/api/visits',
} as const;
