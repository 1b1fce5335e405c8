/** Numbers as the Visits page shows them (en-US, like the rest of the dashboard). */
const whole = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (value: number) => whole.format(value);

/** "7.5%", or "–" with no visitors to divide by. */
export const formatRate = (value: number | null) => (value === null ? '–' : percent.format(value));

/** "+25%", "−10%", "new" (from nothing), or null when both are equal. */
export function countChange(current: number, previous: number): string | null {
  if (current === previous) return null;
  if (previous === 0) return 'new';
  const change = (current - previous) / previous;
  return `${change > 0 ? '+' : '−'}${percent.format(Math.abs(change))}`;
}

/** "+1.5 pts" between two rates, or null when equal or either is unknown. */
export function rateChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null || current === previous) return null;
  const points = (current - previous) * 100;
  return `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)} pts`;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 26" for a day ("2026-11-26"), "Nov 2026" for a month ("2026-11"). */
export function formatBucket(date: string): string {
  const [year, month, day] = date.split('-');
  const name = monthNames[Number(month) - 1] ?? month;
  return day ? `${name} ${Number(day)}` : `${name} ${year}`;
}
