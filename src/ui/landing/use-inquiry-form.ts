import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { apiRequest, HttpError } from '../../client/http';
import type { InquiryCreated } from '../../shared/api';
import { contact, NO_PREFERENCE, sectionIds } from '../../shared/content';
import { FORM_ERROR, HONEYPOT_FIELD, type InquiryField } from '../../shared/inquiry-fields';
import { paths } from '../../shared/routes';
import { useToast } from '../components/Toast';
import { useInquiry } from './inquiry-context';
import {
  firstInvalidField,
  type InquiryErrors,
  knownErrors,
  loadInquirySchema,
  validateIfLoaded,
  validateWith,
} from './inquiry-schema';
import {
  type ContactValues,
  emptyValues,
  postedErrors,
  postedValues,
  usePostedContact,
} from './posted-contact';
import { isPlainClick } from './scroll';

export const fieldId = (field: InquiryField) => `contact-${field}`;
export const THANKS_HEADING_ID = 'contact-thanks-heading';

/**
 * The contact form's states of spec section 4: editing, sending, then the Thank You panel (the
 * form emptied) or editing again with an error toast and every field kept.
 */
export function useInquiryForm() {
  const posted = usePostedContact();
  const { puppy, setPuppy } = useInquiry();
  const toast = useToast();
  const [sent, setSent] = useState(posted?.status === 'sent');
  // The server's own Thank You page (scripts-off post): its way back is a link, so it works without scripts.
  const [sentByServer, setSentByServer] = useState(posted?.status === 'sent');
  const [values, setValues] = useState<ContactValues>(() => postedValues(posted));
  const [errors, setErrors] = useState<InquiryErrors>(() => postedErrors(posted));
  // Messages appear on submit, then follow each keystroke, so a fixed field clears its message.
  const [submitted, setSubmitted] = useState(posted?.status === 'invalid');
  const [focusId, setFocusId] = useState<string | null>(null);
  const loadingSchema = useRef(false);

  // Focus moves only after the element it goes to has rendered (e.g. the Thank You heading).
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const showErrors = (found: InquiryErrors) => {
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) setFocusId(fieldId(first));
  };

  const send = useMutation({
    mutationFn: (payload: object) => apiRequest<InquiryCreated>('POST', '/api/inquiries', payload),
    onSuccess: () => {
      setValues(emptyValues);
      setPuppy(NO_PREFERENCE);
      setErrors({});
      setSubmitted(false);
      setSentByServer(false);
      setSent(true);
      setFocusId(THANKS_HEADING_ID);
      toast(contact.sentToast);
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 400)
        showErrors(knownErrors(errorData(error).errors));
      toast({ ...contact.failedToast, description: failureDescription(error), variant: 'destructive' });
    },
  });

  const revalidate = (next: Record<InquiryField, string>) => {
    const result = submitted ? validateIfLoaded(next) : undefined;
    // A message about the whole submission (e.g. rate limited) stays until the next submit.
    if (result) setErrors((current) => ({ ...result.errors, [FORM_ERROR]: current[FORM_ERROR] }));
  };

  const change = (field: keyof ContactValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    revalidate({ ...next, puppy });
  };

  const changePuppy = (value: string) => {
    setPuppy(value);
    revalidate({ ...values, puppy: value });
  };

  /** Starts fetching the schema as soon as the visitor starts on the form. */
  const prepare = () => {
    loadInquirySchema().catch(() => {
      // Tried again on submit, where a failure is reported.
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending || loadingSchema.current) return;
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    loadingSchema.current = true;
    const schema = await loadInquirySchema().catch(() => undefined);
    loadingSchema.current = false;
    if (!schema) {
      toast({ ...contact.failedToast, variant: 'destructive' });
      return;
    }
    setSubmitted(true);
    const { data, errors: found } = validateWith(schema, { ...values, puppy });
    showErrors(found);
    if (!data) return;
    const trap = typeof honeypot === 'string' && honeypot !== '' ? { [HONEYPOT_FIELD]: honeypot } : {};
    send.mutate({ ...data, ...trap });
  };

  const sendAnother = (event: MouseEvent) => {
    if (sentByServer) {
      if (!isPlainClick(event)) return;
      // Off the ?inquiry=sent address, so a reload shows the form rather than the thanks again.
      window.history.replaceState(null, '', `${paths.landing}#${sectionIds.contact}`);
    }
    event.preventDefault();
    setSent(false);
    setFocusId(fieldId('name'));
  };

  return {
    sent,
    sentByServer,
    values,
    errors,
    puppy,
    sending: send.isPending,
    change,
    changePuppy,
    prepare,
    submit,
    sendAnother,
  };
}

export type InquiryForm = ReturnType<typeof useInquiryForm>;

function errorData(error: HttpError): { message?: unknown; errors?: unknown } {
  return typeof error.data === 'object' && error.data !== null ? error.data : {};
}

/** The spec's text, except for a 429, whose own message says how long to wait. */
function failureDescription(error: unknown): string {
  if (error instanceof HttpError && error.status === 429) {
    const { message } = errorData(error);
    if (typeof message === 'string' && message) return message;
  }
  return contact.failedToast.description;
}
