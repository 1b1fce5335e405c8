/**
 * The "Thanks for your inquiry" email a family gets right away when AUTO_REPLY=on; "{name}" is
 * theirs. Replies to it go to the breeder. {location}, {price} and {pairPrice} are what is
 * published, filled by the content service (content-service.server.ts), which signs it with the
 * brand she published.
 */
export const acknowledgement = {
  subject: 'Thanks for your inquiry',
  paragraphs: [
    'Hi {name},',
    'Thank you for your interest in our F1B English Cream Goldendoodle puppies! Your message reached us, and we will answer it ourselves as soon as we can, usually within a day.',
    'What happens next: we tell you which puppies are still available, answer your questions and set up a time for you to meet them in {location}. Each puppy is {price}, or two for {pairPrice}.',
    'Anything to add? Just reply to this email.',
  ],
  /** The brand's name follows: what is published. */
  signOff: ['Warm regards,'],
} as const;
