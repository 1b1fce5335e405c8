import { html } from 'htm/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import * as styles from './Toast.css';

/** Spec section 9: result toasts last 5000 ms and at most one is shown at a time. */
const TOAST_DURATION_MS = 5000;

interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastInput {
  key: number;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** `const toast = useToast(); toast({ title, description, variant })` */
export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  // A new toast replaces the one on screen.
  const show = useCallback((toast: ToastInput) => setCurrent({ ...toast, key: Date.now() }), []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const value = useMemo(() => show, [show]);
  const destructive = current?.variant === 'destructive';
  const content =
    current &&
    html`<div key=${current.key} className=${styles.toast[current.variant ?? 'default']} data-testid="toast">
      <div className=${styles.body}>
        <div className=${styles.title}>${current.title}</div>
        ${current.description && html`<div className=${styles.description}>${current.description}</div>`}
      </div>
      <button type="button" className=${styles.close} aria-label="Dismiss notification" onClick=${() => setCurrent(null)}>×</button>
    </div>`;

  // Both live regions are always in the page, so screen readers announce what appears in them.
  return html`
    <${ToastContext.Provider} value=${value}>
      ${children}
      <div className=${styles.viewport} role="status" aria-live="polite">${!destructive && content}</div>
      <div className=${styles.viewport} role="alert" aria-live="assertive">${destructive && content}</div>
    <//>
  `;
}
