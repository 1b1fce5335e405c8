/** "Monday, March 3 at 2:00 PM MST": a window's end in the breeder's time zone. */
export function timeInWords(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
  return `${day} at ${time}`;
}

/**
 * The email that starts a family's turn (plain text: what the family and the breeder typed goes in
 * as text, never as markup). Without a link (no PUBLIC_URL, or she turned their page off) it asks
 * them to reply instead.
 */
export function turnMail(input: {
  brand: string;
  familyName: string;
  litterName: string;
  until: string;
  timeZone: string;
  url: string;
}) {
  const when = timeInWords(input.until, input.timeZone);
  return {
    kind: 'turn' as const,
    subject: `It is your turn to choose your puppy`,
    text: [
      `Hello ${input.familyName},`,
      '',
      `It is your turn to choose your puppy from ${input.litterName || 'our litter'}.`,
      `Please choose by ${when}.`,
      '',
      ...(input.url
        ? [
            'The puppies still available are on your page, each with a "Choose" button:',
            input.url,
            '',
            'If you would rather wait, choose "Pass" there: you keep your place for the next litter.',
          ]
        : [
            'Reply to this email with the puppy you choose, or to pass and keep your place for the next litter.',
          ]),
      '',
      `If the time runs out, your place is kept for the next litter and the next family's turn starts.`,
      '',
      input.brand,
    ].join('\n'),
  };
}
