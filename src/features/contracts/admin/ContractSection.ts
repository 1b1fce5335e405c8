import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, type PointerEvent, useId, useRef, useState } from 'react';
import * as alertStyles from '../../../ui/admin/Alert.css';
import * as salesStyles from '../../../ui/admin/details-section.css';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import {
  CONTRACT_LIMITS,
  type ContractView,
  contractStatusLabels,
  contractsApi,
  contractText,
} from '../contracts';
import * as styles from './contracts.css';
import { contractsText } from './contracts-text';

type SendAnswer = ContractView & { emailed: boolean; emailAnswer: string };

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy 'at' h:mm a");

/**
 * The inquiry's contract, under its reservation: "Send contract", then its status, "Sign as
 * breeder" once the family signed, "Void contract", and the signed PDF with its SHA-256.
 */
export function ContractSection({
  inquiryId,
  reservationId,
  canSend,
}: {
  inquiryId: string;
  reservationId: string;
  /** Only a reservation held now gets a new contract (one that went home keeps its own). */
  canSend: boolean;
}) {
  const key = [contractsApi.ofInquiry(inquiryId)];
  const queryClient = useQueryClient();
  const contracts = useQuery<{ contracts: ContractView[] }>({ queryKey: key, staleTime: 0 });
  const [sent, setSent] = useState<SendAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const list = contracts.data?.contracts ?? [];
  const open = list.find(
    (contract) => contract.status !== 'void' && contract.reservationId === reservationId,
  );

  const send = async () => {
    setPending(true);
    setProblem(null);
    try {
      setSent(await apiRequest<SendAnswer>('POST', contractsApi.send(reservationId)));
      await refresh();
    } catch (error) {
      setProblem(reasonOf(error));
    } finally {
      setPending(false);
    }
  };

  return html`<div className=${styles.section} data-testid="contract-section">
    <h3 className=${salesStyles.heading}>${contractsText.contract}</h3>
    ${list.map((contract) => html`<${ContractFacts} key=${contract.id} contract=${contract} onChange=${refresh} />`)}
    ${
      sent?.link &&
      html`<div className=${styles.section}>
        <p className=${salesStyles.muted}>${sent.emailed ? contractsText.sent(sent.sentTo) : contractsText.notEmailed(sent.emailAnswer)}</p>
        <label htmlFor=${`link-${sent.id}`} className=${fieldStyles.label.admin}>${contractsText.linkLabel}</label>
        <input id=${`link-${sent.id}`} readOnly className=${`${fieldStyles.input.admin} ${styles.link}`}
          value=${`${window.location.origin}${sent.link}`} />
      </div>`
    }
    ${
      !open &&
      canSend &&
      contracts.isSuccess &&
      html`<div><${Button} variant="outline" compact pending=${pending} onClick=${send}>${contractText.sendContract}<//></div>`
    }
    ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
  </div>`;
}

function ContractFacts({ contract, onChange }: { contract: ContractView; onChange: () => void }) {
  const [open, setOpen] = useState<'sign' | 'void' | null>(null);
  const done = () => {
    setOpen(null);
    onChange();
  };
  return html`<div className=${salesStyles.facts} data-testid="contract-facts">
    <p className=${salesStyles.strong}>${contract.title}: ${contractsText.status} ${contractStatusLabels[contract.status]}</p>
    ${contract.family && html`<p className=${salesStyles.muted}>${contractsText.familySigned(contract.family.name, when(contract.family.signedAt))}</p>`}
    ${contract.breeder && html`<p className=${salesStyles.muted}>${contractsText.breederSigned(contract.breeder.name, when(contract.breeder.signedAt))}</p>`}
    ${contract.voidReason && html`<p className=${salesStyles.muted}>${contractsText.voidedLine(contract.voidReason)}</p>`}
    ${
      contract.pdf &&
      html`<p><a href=${contract.pdf.url} download="signed-agreement.pdf">${contractsText.pdf}</a></p>
        <p className=${styles.hash}>${contractsText.pdfHash}: <code>${contract.pdf.sha256}</code></p>`
    }
    ${open === 'sign' && html`<${BreederSignForm} contract=${contract} onDone=${done} onClose=${() => setOpen(null)} />`}
    ${open === 'void' && html`<${VoidForm} contract=${contract} onDone=${done} onClose=${() => setOpen(null)} />`}
    ${
      open === null &&
      contract.status !== 'void' &&
      html`<div className=${salesStyles.actions}>
        ${contract.status === 'family-signed' && html`<${Button} variant="dark" compact onClick=${() => setOpen('sign')}>${contractText.signAsBreeder}<//>`}
        <${Button} variant="outline" compact onClick=${() => setOpen('void')}>${contractText.voidContract}<//>
      </div>`
    }
  </div>`;
}

function VoidForm({
  contract,
  onDone,
  onClose,
}: {
  contract: ContractView;
  onDone: () => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await apiRequest('POST', contractsApi.void(contract.id), { reason });
      onDone();
    } catch (failure) {
      setError(serverFieldErrors(failure).reason ?? reasonOf(failure));
    } finally {
      setPending(false);
    }
  };
  return html`<form className=${salesStyles.form} onSubmit=${submit} noValidate>
    <label htmlFor=${id} className=${fieldStyles.label.admin}>${contractsText.voidReason}</label>
    <textarea id=${id} rows=${2} maxLength=${CONTRACT_LIMITS.reason} className=${fieldStyles.input.admin} value=${reason}
      aria-invalid=${error ? 'true' : undefined} aria-describedby=${error ? `${id}-error` : undefined}
      onChange=${(event: ChangeEvent<HTMLTextAreaElement>) => setReason(event.target.value)}></textarea>
    ${error && html`<p id=${`${id}-error`} className=${fieldStyles.error.admin}>${error}</p>`}
    <div className=${salesStyles.actions}>
      <${Button} variant="outline" compact onClick=${onClose}>${contractsText.cancel}<//>
      <${Button} type="submit" variant="dark" compact pending=${pending}>${contractsText.confirmVoid}<//>
    </div>
  </form>`;
}

/** "Sign as breeder": the same consent, name and signature (typed or drawn) as the family's. */
function BreederSignForm({
  contract,
  onDone,
  onClose,
}: {
  contract: ContractView;
  onDone: () => void;
  onClose: () => void;
}) {
  const toast = useToast();
  const [consent, setConsent] = useState(false);
  const [name, setName] = useState('');
  const [method, setMethod] = useState<'typed' | 'drawn'>('typed');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawn = useRef(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (method === 'drawn' && !drawn.current) {
      setErrors({ signature: contractsText.drawFirst });
      return;
    }
    setPending(true);
    try {
      await apiRequest('POST', contractsApi.sign(contract.id), {
        consent,
        name,
        method,
        ...(method === 'drawn' && canvas.current ? { image: canvas.current.toDataURL('image/png') } : {}),
        textHash: contract.textHash,
      });
      toast({ title: contractsText.signedToast, description: contractsText.signedToastText });
      onDone();
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setProblem(reasonOf(failure));
    } finally {
      setPending(false);
    }
  };
  const error = (key: string) =>
    errors[key] &&
    html`<p id=${`${id}-${key}-error`} className=${fieldStyles.error.admin}>${errors[key]}</p>`;
  const describedBy = (key: string) => (errors[key] ? `${id}-${key}-error` : undefined);
  return html`<form className=${salesStyles.form} onSubmit=${submit} noValidate aria-label=${contractText.signAsBreeder}>
    <pre className=${styles.agreement} tabIndex=${0} aria-label=${contract.title}>${contract.text}</pre>
    <label className=${styles.consent}>
      <input type="checkbox" checked=${consent} aria-describedby=${describedBy('consent')}
        onChange=${(event: ChangeEvent<HTMLInputElement>) => setConsent(event.target.checked)} />
      ${contractText.consent}
    </label>
    ${error('consent')}
    <label htmlFor=${`${id}-name`} className=${fieldStyles.label.admin}>${contractsText.fullName}</label>
    <input id=${`${id}-name`} autoComplete="name" maxLength=${CONTRACT_LIMITS.name} className=${fieldStyles.input.admin}
      value=${name} aria-invalid=${errors.name ? 'true' : undefined} aria-describedby=${describedBy('name')}
      onChange=${(event: ChangeEvent<HTMLInputElement>) => setName(event.target.value)} />
    ${error('name')}
    <fieldset className=${styles.methods}>
      <legend className=${fieldStyles.label.admin}>${contractsText.signature}</legend>
      <label><input type="radio" name=${`${id}-method`} checked=${method === 'typed'} onChange=${() => setMethod('typed')} /> ${contractsText.typeIt}</label>
      <label><input type="radio" name=${`${id}-method`} checked=${method === 'drawn'} onChange=${() => setMethod('drawn')} /> ${contractsText.drawIt}</label>
    </fieldset>
    ${
      method === 'typed'
        ? html`<p className=${styles.typed} aria-hidden="true">${name}</p>`
        : html`<${SignaturePad} canvas=${canvas} drawn=${drawn} />`
    }
    ${error('signature')}
    ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
    <div className=${salesStyles.actions}>
      <${Button} variant="outline" compact onClick=${onClose}>${contractsText.cancel}<//>
      <${Button} type="submit" variant="dark" compact pending=${pending}>${contractText.sign}<//>
    </div>
  </form>`;
}

/** A canvas drawn on with a finger, a pen or the mouse (pointer events). */
function SignaturePad({
  canvas,
  drawn,
}: {
  canvas: { current: HTMLCanvasElement | null };
  drawn: { current: boolean };
}) {
  const active = useRef<number | null>(null);
  const at = (event: PointerEvent<HTMLCanvasElement>) => {
    const target = event.currentTarget;
    const box = target.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * target.width,
      y: ((event.clientY - box.top) / box.height) * target.height,
    };
  };
  const context = () => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) {
      ctx.lineWidth = 4;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1b1b1b';
    }
    return ctx;
  };
  return html`<div>
    <canvas ref=${canvas} width=${700} height=${250} className=${styles.pad} role="img" aria-label=${contractsText.pad}
      onPointerDown=${(event: PointerEvent<HTMLCanvasElement>) => {
        event.preventDefault();
        active.current = event.pointerId;
        event.currentTarget.setPointerCapture(event.pointerId);
        const ctx = context();
        const { x, y } = at(event);
        ctx?.beginPath();
        ctx?.moveTo(x, y);
        ctx?.lineTo(x + 0.1, y + 0.1);
        ctx?.stroke();
        drawn.current = true;
      }}
      onPointerMove=${(event: PointerEvent<HTMLCanvasElement>) => {
        if (event.pointerId !== active.current) return;
        const ctx = canvas.current?.getContext('2d');
        const { x, y } = at(event);
        ctx?.lineTo(x, y);
        ctx?.stroke();
      }}
      onPointerUp=${() => {
        active.current = null;
      }}
      onPointerCancel=${() => {
        active.current = null;
      }}></canvas>
    <${Button} variant="outline" compact onClick=${() => {
      const target = canvas.current;
      target?.getContext('2d')?.clearRect(0, 0, target.width, target.height);
      drawn.current = false;
    }}>${contractsText.clear}<//>
  </div>`;
}
