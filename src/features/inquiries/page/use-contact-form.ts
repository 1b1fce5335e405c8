import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import type { InquiryCreated } from '../../../shared/api';
import { paths } from '../../../shared/routes';
import { FORM_TIMER_HEADER, type FormTimerAnswer, spamApi } from '../../../shared/spam';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import { useContactState } from '../../../ui/landing/contact/contact-context';
import { sectionIds } from '../../../ui/landing/landing-sections';
import { isPlainClick } from '../../../ui/landing/scroll';
import { usePuppyNames } from '../../../ui/landing/use-page-puppies';
import { FORM_ERROR, HONEYPOT_FIELD, type InquiryField, NO_PREFERENCE } from '../inquiry-fields';
import { contact } from './contact-labels';
import {
  type ContactValues,
  emptyValues,
  postedErrors,
  postedValues,
  usePostedContact,
} from './posted-contact';
import {
  type ContactErrors,
  firstInvalidField,
  loadContactSchema,
  validateWith,
  withContactSchema,
} from './schema';
import { failureDescription, serverFieldErrors } from './submission-failure';

export const fieldId = (field: InquiryField) => `contact-${field}`;
export const THANKS_HEADING_ID = 'contact-thanks-heading';

/**
 * The contact form's states of spec section 4: editing, sending, then the Thank You panel (the
 * form emptied) or editing again with an error toast and every field kept.
 */
export function useContactForm() {
  const posted = usePostedContact();
  const { puppy, setPuppy } = useContactState();
  const puppyNames = usePuppyNames();
  const toast = useToast();
  const [sent, setSent] = useState(posted?.status === 'sent');
  // The server's own Thank You page (scripts-off post): its way back is a link, so it works without scripts.
  const [sentByServer, setSentByServer] = useState(posted?.status === 'sent');
  const [values, setValues] = useState<ContactValues>(() => postedValues(posted));
  const [errors, setErrors] = useState<ContactErrors>(() => postedErrors(posted));
  // Messages appear on submit, then follow each keystroke, so a fixed field clears its message.
  const [submitted, setSubmitted] = useState(posted?.status === 'invalid');
  const [focusId, setFocusId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Set from the submit until the answer: a second submit meanwhile does nothing.
  const busy = useRef(false);

  // Focus moves only after the element it goes to has rendered (e.g. the Thank You heading).
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const showErrors = (found: ContactErrors) => {
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) setFocusId(fieldId(first));
  };

  const succeeded = () => {
    setValues(emptyValues);
    setPuppy(NO_PREFERENCE);
    setErrors({});
    setSubmitted(false);
    setSentByServer(false);
    setSent(true);
    setFocusId(THANKS_HEADING_ID);
    toast(contact.sentToast);
  };

  const failed = (error: unknown) => {
    const fromServer = serverFieldErrors(error);
    if (firstInvalidField(fromServer) || fromServer.form) showErrors(fromServer);
    toast({ ...contact.failedToast, description: failureDescription(error), variant: 'destructive' });
  };

  // Plain state, not react-query's useMutation: one POST needs no cache, and the landing page's
  // first-load bundle then does not depend on react-query.
  // The time trap's timer (decision 113): asked for when the visitor starts on the form, sent
  // back in a header, so the spec's body is unchanged. Without it the inquiry is still sent.
  const timer = useRef<Promise<string | undefined> | null>(null);
  const startTimer = () => {
    timer.current ??= apiRequest<FormTimerAnswer>('GET', `/api${spamApi.formTimer}`).then(
      (answer) => answer.timer,
      () => undefined,
    );
  };

  const send = async (payload: object) => {
    setSending(true);
    try {
      const stamp = await timer.current;
      const headers: Record<string, string> = stamp ? { [FORM_TIMER_HEADER]: stamp } : {};
      await apiRequest<InquiryCreated>('POST', '/api/inquiries', payload, headers);
      succeeded();
    } catch (error) {
      failed(error);
    } finally {
      setSending(false);
    }
  };

  // What the visitor typed last: a check that waited for the schema validates this, not older values.
  const latest = useRef<Record<InquiryField, string>>({ ...values, puppy });
  const revalidate = (next: Record<InquiryField, string>) => {
    latest.current = next;
    if (!submitted) return;
    withContactSchema((schema) => {
      const { errors: found } = validateWith(schema, latest.current, puppyNames);
      // A message about the whole submission (e.g. rate limited) stays until the next submit.
      setErrors((current) => ({ ...found, [FORM_ERROR]: current[FORM_ERROR] }));
    });
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
    startTimer();
    loadContactSchema().catch(() => {
      // Tried again on submit, where a failure is reported.
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
      const schema = await loadContactSchema().catch(() => undefined);
      if (!schema) return failed(undefined);
      setSubmitted(true);
      const { data, errors: found } = validateWith(schema, { ...values, puppy }, puppyNames);
      showErrors(found);
      if (!data) return;
      const trap = typeof honeypot === 'string' && honeypot !== '' ? { [HONEYPOT_FIELD]: honeypot } : {};
      await send({ ...data, ...trap });
    } finally {
      busy.current = false;
    }
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
    sending,
    change,
    changePuppy,
    prepare,
    submit,
    sendAnother,
  };
}

export type ContactFormState = ReturnType<typeof useContactForm>;
