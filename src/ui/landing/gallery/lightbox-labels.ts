/** The spec's words of the photo lightbox dialog and of the buttons that open it. */
export const lightbox = {
  enlarge: (name: string) => `Enlarge photo of ${name}`,
  title: (name: string) => `${name} Photo`,
  counter: (index: number, count: number) => `${index} / ${count} Photos`,
  previous: 'Previous photo',
  next: 'Next photo',
  close: 'Close',
} as const;
