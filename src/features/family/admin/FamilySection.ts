import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import { DEPOSIT_METHODS, formatDollars } from '../../../shared/sales';
import * as styles from '../../../ui/admin/details-section.css';
import { serverFieldErrors } from '../../../ui/admin/request-errors';
import * as a11y from '../../../ui/components/a11y.css';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { Spinner } from '../../../ui/components/Spinner';
import {
  type FamilyState,
  familyApi,
  familySettingsInput,
  goHomeInput,
  paymentInput,
  priceInput,
} from '../family';
import { familyText } from './family-text';
import { UpdatesPanel } from './UpdatesPanel';
import { useFamily, useFamilyChange, useFamilySettings, useFamilySettingsSave } from './use-family';

const day = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

function Field({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  multiline = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: string;
  multiline?: boolean;
}) {
  const aria = {
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);
  return html`<div className=${fieldStyles.field.admin}>
    <label className=${fieldStyles.label.admin} htmlFor=${id}>${label}</label>
    ${
      multiline
        ? html`<textarea id=${id} rows=${3} className=${`${fieldStyles.input.admin} ${fieldStyles.textarea}`} value=${value} ...${aria} onChange=${change}></textarea>`
        : html`<input id=${id} type=${type} autoComplete="off" className=${fieldStyles.input.admin} value=${value} ...${aria} onChange=${change} />`
    }
    ${error && html`<p id=${`${id}-error`} className=${fieldStyles.error.admin}>${error}</p>`}
  </div>`;
}

/**
 * In an inquiry's details: the family's page. "Send family page" (then "Replace link" and "Turn
 * off"), the link once with "Copy link", the emails and whether they arrived; with a
 * reservation, the money and go-home day.
 */
export function FamilySection({ inquiryId }: { inquiryId: string }) {
  const query = useFamily(inquiryId);
  const send = useFamilyChange(inquiryId, familyText.sentToast);
  const turnOff = useFamilyChange(inquiryId, familyText.turnedOff);
  if (query.isPending) return html`<${Spinner} block label=${familyText.heading} />`;
  const state = query.data;
  if (!state) return null;
  const { link } = state;
  return html`<div className=${styles.reservation} data-testid="family-section">
    <h3 className=${styles.heading}>${familyText.heading}</h3>
    <p className=${styles.muted}>${familyText.intro}</p>
    <p>${link ? (link.active ? familyText.active(day(link.createdAt)) : familyText.ended(day(link.endedAt ?? link.createdAt))) : familyText.none}</p>
    ${state.url && html`<${LinkBox} url=${state.url} emailOn=${state.emailOn} />`}
    <div className=${styles.actions}>
      <${Button} variant=${link?.active ? 'outline' : 'dark'} compact pending=${send.isPending}
        onClick=${() => send.mutate({ url: familyApi.link(inquiryId) })}>
        ${link?.active ? familyText.replace : familyText.send}
      <//>
      ${
        link?.active &&
        html`<${Button} variant="outline" compact pending=${turnOff.isPending}
          onClick=${() => turnOff.mutate({ url: familyApi.turnOff(inquiryId) })}>${familyText.turnOff}<//>`
      }
    </div>
    <${Mails} state=${state} />
    ${
      state.money &&
      html`<h4 className=${styles.formTitle}>${familyText.updates}</h4>
        <${UpdatesPanel} reservationId=${state.money.reservationId} />`
    }
    ${state.money && html`<${Money} state=${state} inquiryId=${inquiryId} />`}
    ${state.money && html`<${GoHome} state=${state} inquiryId=${inquiryId} />`}
    <${Settings} />
  </div>`;
}

function LinkBox({ url, emailOn }: { url: string; emailOn: boolean }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    (navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(url)
      : Promise.reject(new Error('no clipboard'))
    ).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  return html`<div className=${styles.facts}>
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor="family-link">${familyText.linkLabel}</label>
      <input id="family-link" readOnly className=${fieldStyles.input.admin} value=${url}
        onFocus=${(event: FormEvent<HTMLInputElement>) => event.currentTarget.select()} />
    </div>
    <p className=${styles.muted}>${emailOn ? familyText.emailed : familyText.noEmail}</p>
    <div><${Button} variant="outline" compact onClick=${copy}>${copied === 'copied' ? familyText.copied : familyText.copy}<//></div>
    <span className=${a11y.visuallyHidden} role="status">${copied === 'copied' ? familyText.copied : copied === 'failed' ? familyText.copyFailed : ''}</span>
  </div>`;
}

function Mails({ state }: { state: FamilyState }) {
  if (state.mails.length === 0) return null;
  return html`<h4 className=${styles.formTitle}>${familyText.emails}</h4>
    <ul className=${styles.notes} data-testid="family-mails">
      ${state.mails.map(
        (mail) => html`<li key=${mail.id} className=${styles.note}>
          <p className=${styles.noteText}>${mail.subject}</p>
          <p className=${styles.muted}>${`${familyText.mailState[mail.state]} · ${mail.to} · ${day(mail.updatedAt)}`}</p>
        </li>`,
      )}
    </ul>`;
}

function Money({ state, inquiryId }: { state: FamilyState; inquiryId: string }) {
  const money = state.money;
  const change = useFamilyChange(inquiryId);
  const [price, setPrice] = useState(() => String((money?.priceCents ?? 0) / 100));
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  const [method, setMethod] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!money) return null;
  const savePrice = (event: FormEvent) => {
    event.preventDefault();
    const parsed = priceInput.safeParse({ price });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    change.mutate(
      { method: 'PUT', url: familyApi.price(money.reservationId), body: parsed.data },
      { onError: (failure) => setErrors(serverFieldErrors(failure)) },
    );
  };
  const record = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentInput.safeParse({ amount, paidOn, method });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    change.mutate(
      { url: familyApi.payments(money.reservationId), body: parsed.data },
      {
        onSuccess: () => {
          setOpen(false);
          setAmount('');
        },
        onError: (failure) => setErrors(serverFieldErrors(failure)),
      },
    );
  };
  const listed = new Set(money.payments.map((payment) => payment.id));
  const unmatched = money.proofs.filter((proof) => !proof.paymentId || !listed.has(proof.paymentId));
  return html`<div data-testid="family-money">
    <h4 className=${styles.formTitle}>${familyText.money}</h4>
    <form className=${styles.form} noValidate onSubmit=${savePrice}>
      <${Field} id="family-price" label=${familyText.price} value=${price} onChange=${setPrice} error=${errors.price} />
      <div><${Button} variant="outline" compact type="submit" pending=${change.isPending}>${familyText.savePrice}<//></div>
    </form>
    <ul className=${styles.notes} data-testid="family-payments">
      ${money.payments.map((payment) => {
        const proofs = money.proofs.filter((proof) => proof.paymentId === payment.id);
        return html`<li key=${payment.id} className=${styles.note}>
          ${paymentWords(payment)}
          ${
            proofs.length > 0 &&
            html`<ul className=${styles.notes}>
              ${proofs.map((proof) => html`<${ProofItem} key=${proof.id} proof=${proof} money=${money} inquiryId=${inquiryId} />`)}
            </ul>`
          }
        </li>`;
      })}
    </ul>
    ${
      unmatched.length > 0 &&
      html`<div data-testid="family-proofs">
        <p className=${styles.strong}>${familyText.unmatched}</p>
        <ul className=${styles.notes}>
          ${unmatched.map((proof) => html`<${ProofItem} key=${proof.id} proof=${proof} money=${money} inquiryId=${inquiryId} />`)}
        </ul>
      </div>`
    }
    <p className=${styles.strong}>${`${familyText.paid}: ${formatDollars(money.paidCents)} · ${familyText.due}: ${formatDollars(money.dueCents)}`}</p>
    ${
      open
        ? html`<form className=${styles.form} noValidate onSubmit=${record} aria-labelledby="payment-title">
            <h4 id="payment-title" className=${styles.formTitle}>${familyText.recordPayment}</h4>
            <${Field} id="payment-amount" label=${familyText.amount} value=${amount} onChange=${setAmount} error=${errors.amount} />
            <${Field} id="payment-date" type="date" label=${familyText.paidOn} value=${paidOn} onChange=${setPaidOn} error=${errors.paidOn} />
            <div className=${fieldStyles.field.admin}>
              <label className=${fieldStyles.label.admin} htmlFor="payment-method">${familyText.method}</label>
              <select id="payment-method" className=${`${fieldStyles.input.admin} ${styles.select}`} value=${method}
                aria-invalid=${errors.method ? 'true' : undefined} aria-describedby=${errors.method ? 'payment-method-error' : undefined}
                onChange=${(event: ChangeEvent<HTMLSelectElement>) => setMethod(event.target.value)}>
                <option value="">${familyText.chooseMethod}</option>
                ${DEPOSIT_METHODS.map((item) => html`<option key=${item} value=${item}>${item}</option>`)}
              </select>
              ${errors.method && html`<p id="payment-method-error" className=${fieldStyles.error.admin}>${errors.method}</p>`}
            </div>
            <div className=${styles.actions}>
              <${Button} variant="outline" compact onClick=${() => setOpen(false)}>${familyText.cancel}<//>
              <${Button} variant="dark" compact type="submit" pending=${change.isPending}>${familyText.save}<//>
            </div>
          </form>`
        : html`<div><${Button} variant="outline" compact onClick=${() => setOpen(true)}>${familyText.recordPayment}<//></div>`
    }
  </div>`;
}

type MoneyState = NonNullable<FamilyState['money']>;

const paymentLabel = { deposit: familyText.deposit, breeder: familyText.payment, card: familyText.card };
const paymentWords = (payment: MoneyState['payments'][number]) =>
  `${paymentLabel[payment.source]} ${formatDollars(payment.cents)} (${payment.method}, ${day(payment.paidOn)})`;

/** The receipt whose "Goes with" she just chose: it moves to another list, the focus goes with it. */
let focusAfterMove: string | null = null;

/**
 * A receipt the family attached, opened in a new tab, and "Goes with": the payment it proves
 * (saved when chosen), so it is listed under that payment.
 */
function ProofItem({
  proof,
  money,
  inquiryId,
}: {
  proof: MoneyState['proofs'][number];
  money: MoneyState;
  inquiryId: string;
}) {
  const change = useFamilyChange(inquiryId, familyText.matched);
  const id = `proof-${proof.id}-payment`;
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (focusAfterMove !== proof.id) return;
    focusAfterMove = null;
    select.current?.focus();
  }, [proof.id]);
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    focusAfterMove = proof.id;
    change.mutate({
      method: 'PUT',
      url: familyApi.proofPayment(proof.id),
      body: { paymentId: event.target.value || null },
    });
  };
  return html`<li className=${styles.note}>
    <a href=${familyApi.proof(proof.id)} target="_blank" rel="noopener">
      ${familyText.proofLine(day(proof.at), proof.type === 'application/pdf' ? 'PDF' : familyText.photo)}
    </a>
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor=${id}>${familyText.goesWith}</label>
      <select id=${id} ref=${select} className=${`${fieldStyles.input.admin} ${styles.select}`} value=${proof.paymentId ?? ''}
        disabled=${change.isPending} onChange=${choose}>
        <option value="">${familyText.notMatched}</option>
        ${money.payments.map((payment) => html`<option key=${payment.id} value=${payment.id}>${paymentWords(payment)}</option>`)}
      </select>
    </div>
  </li>`;
}

function GoHome({ state, inquiryId }: { state: FamilyState; inquiryId: string }) {
  const change = useFamilyChange(inquiryId);
  const [values, setValues] = useState(() => state.goHome ?? { date: '', time: '', place: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const money = state.money;
  if (!money) return null;
  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value });
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = goHomeInput.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    change.mutate(
      { method: 'PUT', url: familyApi.goHome(money.reservationId), body: parsed.data },
      { onError: (failure) => setErrors(serverFieldErrors(failure)) },
    );
  };
  return html`<form className=${styles.form} noValidate onSubmit=${save} aria-labelledby="go-home-title">
    <h4 id="go-home-title" className=${styles.formTitle}>${familyText.goHome}</h4>
    <${Field} id="go-home-date" type="date" label=${familyText.date} value=${values.date} onChange=${set('date')} error=${errors.date} />
    <${Field} id="go-home-time" type="time" label=${familyText.time} value=${values.time} onChange=${set('time')} error=${errors.time} />
    <${Field} id="go-home-place" label=${familyText.place} value=${values.place} onChange=${set('place')} error=${errors.place} />
    <${Field} id="go-home-note" multiline label=${familyText.note} value=${values.note} onChange=${set('note')} error=${errors.note} />
    <div><${Button} variant="outline" compact type="submit" pending=${change.isPending}>${familyText.saveGoHome}<//></div>
  </form>`;
}

function Settings() {
  const query = useFamilySettings();
  const [open, setOpen] = useState(false);
  if (!open)
    return html`<div><${Button} variant="outline" compact onClick=${() => setOpen(true)}>${familyText.settings}<//></div>`;
  if (!query.data) return html`<${Spinner} block label=${familyText.settings} />`;
  return html`<${SettingsForm} initial=${query.data} onClose=${() => setOpen(false)} />`;
}

function SettingsForm({
  initial,
  onClose,
}: {
  initial: { paymentInstructions: string; whatToBring: string; paymentLink: string };
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value });
  const settingsChange = useFamilySettingsSave();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = familySettingsInput.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    settingsChange(parsed.data).then(
      () => {
        setPending(false);
        onClose();
      },
      (failure: unknown) => {
        setPending(false);
        setErrors(serverFieldErrors(failure));
      },
    );
  };
  return html`<form className=${styles.form} noValidate onSubmit=${save} aria-labelledby="family-settings-title">
    <h4 id="family-settings-title" className=${styles.formTitle}>${familyText.settings}</h4>
    <${Field} id="family-instructions" multiline label=${familyText.paymentInstructions} value=${values.paymentInstructions} onChange=${set('paymentInstructions')} error=${errors.paymentInstructions} />
    <${Field} id="family-bring" multiline label=${familyText.whatToBring} value=${values.whatToBring} onChange=${set('whatToBring')} error=${errors.whatToBring} />
    <${Field} id="family-payment-link" label=${familyText.paymentLink} value=${values.paymentLink} onChange=${set('paymentLink')} error=${errors.paymentLink} />
    <div className=${styles.actions}>
      <${Button} variant="outline" compact onClick=${onClose}>${familyText.cancel}<//>
      <${Button} variant="dark" compact type="submit" pending=${pending}>${familyText.saveSettings}<//>
    </div>
  </form>`;
}

/**
 * Under the family's message in the inquiry's details: the questions they sent from their page,
 * oldest first, as a thread (her reply by email works as for the message).
 */
export function FamilyQuestions({ inquiryId }: { inquiryId: string }) {
  const query = useFamily(inquiryId);
  const questions = query.data?.questions ?? [];
  if (questions.length === 0) return null;
  return html`<div>
    <h3 className=${styles.heading}>${familyText.questions}</h3>
    <ol className=${styles.notes} data-testid="family-questions">
      ${questions.map(
        (item) => html`<li key=${item.id} className=${styles.note}>
          <time className=${styles.muted} dateTime=${item.at}>${format(parseISO(item.at), 'MMM d, yyyy h:mm a')}</time>
          <p className=${styles.noteText}>${item.text}</p>
        </li>`,
      )}
    </ol>
  </div>`;
}
