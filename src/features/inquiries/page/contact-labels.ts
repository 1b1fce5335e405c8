/** The spec's control labels, messages and toasts of the contact form; the section's heading and intro are hers. */
export const contact = {
  labels: {
    name: 'Your Name',
    email: 'Email Address',
    phone: 'Phone Number (optional)',
    puppy: 'Which Puppy Are You Interested In?',
    message: 'Your Message',
  },
  /** Beside the dropdown when every puppy is sold: it then offers only "no preference". */
  noPuppies:
    'All our puppies have found homes for now. Send us a message to hear about the next litter first.',
  submit: 'Send Inquiry',
  submitting: 'Sending...',
  thanks: {
    heading: 'Thank You!',
    text: "We've received your inquiry and will get back to you as soon as possible about your new puppy.",
    again: 'Send Another Inquiry',
  },
  /** Spec section 8: the result toasts of a submission. */
  sentToast: {
    title: 'Thanks for your inquiry!',
    description: 'We will contact you soon about your new puppy.',
  },
  failedToast: {
    title: 'Submission Error',
    description: 'There was a problem submitting your inquiry. Please try again.',
  },
  /** The hidden honeypot's label: should a visitor ever meet the field, it tells them what to do. */
  honeypotLabel: 'Leave this field empty',
  /** The name of the side panel beside the form (its content is hers: PageContent's contact.side). */
  sideLabel: 'At a glance',
} as const;

/** The dropdown's default's label (its value is NO_PREFERENCE in inquiry-fields.ts). */
export const noPreferenceLabel = 'All puppies / Not sure yet';
