import { html } from 'htm/react';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import * as styles from './Dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  onClose: () => void;
  /** Where focus goes back on close: the control that opened the dialog. */
  returnFocusTo?: HTMLElement | null;
  /** Sets the panel's size and layout. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog, mounted only while open: focus moves in and is kept inside, the page behind
 * does not scroll, Escape or a plain left click on the overlay closes it, and focus returns to
 * the opener. A right-click or ctrl-click on the overlay (a context menu on macOS) does not close.
 */
export function Dialog({ labelledBy, onClose, returnFocusTo, className, children }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const pressedOnOverlay = useRef(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = returnFocusTo ?? (document.activeElement as HTMLElement | null);
    panel.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      }
    };
    // Focus that escapes (e.g. a click on the page through a browser extension) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) panel.current.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    const unlock = lockScroll();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      unlock();
      opener?.focus();
    };
  }, [returnFocusTo]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const isPlainPress = (event: MouseEvent | PointerEvent) =>
    event.target === event.currentTarget && event.button === 0 && !event.ctrlKey;

  return createPortal(
    html`<div
      className=${styles.overlay}
      onPointerDown=${(event: PointerEvent) => {
        pressedOnOverlay.current = isPlainPress(event);
      }}
      onMouseDown=${(event: MouseEvent) => {
        // A press on the overlay must not blur the dialog: Tab would then start from the page.
        if (event.target === event.currentTarget) event.preventDefault();
      }}
      onClick=${(event: MouseEvent) => {
        if (pressedOnOverlay.current && isPlainPress(event)) onClose();
        pressedOnOverlay.current = false;
      }}
    >
      <div
        ref=${panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby=${labelledBy}
        tabIndex=${-1}
        className=${className ? `${styles.panel} ${className}` : styles.panel}
        onKeyDown=${trapTab}
      >
        ${children}
      </div>
    </div>`,
    document.body,
  );
}

/** Stops the page behind from scrolling, keeping its width so nothing jumps sideways. */
function lockScroll(): () => void {
  const { body, documentElement } = document;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  return () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}
