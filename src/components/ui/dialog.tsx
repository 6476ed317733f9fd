import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableWithin(element: HTMLElement): HTMLElement[] {
  return Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE));
}

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** Usually the dialog's buttons. The first focusable element gets the focus on open. */
  children?: ReactNode;
  /** Width of the panel: md (forms, confirmations), lg or xl (editors, previews). */
  size?: 'md' | 'lg' | 'xl';
  /** False while something is in flight that must not be abandoned (Escape and backdrop do nothing). */
  dismissible?: boolean;
  /** `center`: a modal box; `right`: a full-height slide-over panel at the right edge (e.g. notifications). */
  placement?: 'center' | 'right';
};

const WIDTHS = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

const PLACEMENTS = {
  center: {
    backdrop: 'items-center justify-center overflow-y-auto p-4',
    panel: 'max-h-[calc(100dvh-2rem)] rounded-xl border',
  },
  right: {
    backdrop: 'justify-end',
    panel: 'h-dvh border-l',
  },
} as const;

/**
 * A modal dialog: role="dialog", aria-modal, labelled by its title; focus moves in on open, stays
 * inside while open (Tab wraps) and returns to where it was on close; Escape and a click on the
 * backdrop close it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
  dismissible = true,
  placement = 'center',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) (focusableWithin(panel)[0] ?? panel).focus();
    return () => {
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (dismissible) onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose, dismissible]);

  if (!open) return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableWithin(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={`fixed inset-0 z-50 flex bg-black/70 ${PLACEMENTS[placement].backdrop}`}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
        className={`relative w-full ${WIDTHS[size]} overflow-y-auto border-surface-border bg-surface-raised p-6 shadow-2xl ${PLACEMENTS[placement].panel}`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm text-ink-muted">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}
