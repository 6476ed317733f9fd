import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { registerModal } from './above-modals';

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
    frame: 'items-center justify-center overflow-y-auto p-4',
    panel: 'max-h-[calc(100dvh-2rem)] rounded-xl border',
  },
  right: {
    frame: 'justify-end',
    panel: 'h-dvh border-l',
  },
} as const;

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()`: the browser puts it in the top
 * layer, makes the page behind inert (no focus, no clicks, no screen-reader reading) and fires
 * `cancel` on Escape for the topmost dialog only, so an Escape in a dialog opened over another closes
 * just that one. It is labelled by its title; focus moves in on open (first focusable element), Tab
 * wraps inside it (AboveModals' boxes included), and focus returns to where it was on close. Escape
 * and a click on the backdrop close it unless `dismissible` is false. The page behind does not
 * scroll (index.css). What must stay usable over it (the session box) renders in it (AboveModals).
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Before paint: shown modally at once, never for a frame as an ordinary element.
  useLayoutEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const unregister = registerModal(dialog);
    const panel = panelRef.current;
    if (panel) (focusableWithin(panel)[0] ?? panel).focus();
    // Tab wraps inside the dialog, over what AboveModals renders into it too (the session box).
    // Those arrive through a portal, so their React events bubble elsewhere: a DOM listener.
    const trapTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusableWithin(dialog);
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
    dialog.addEventListener('keydown', trapTab);
    return () => {
      dialog.removeEventListener('keydown', trapTab);
      unregister();
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open]);

  if (!open) return null;

  return (
    // The dialog itself takes Escape and the backdrop click; its role is stated on purpose (below).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-redundant-roles
    <dialog
      ref={dialogRef}
      // Both implied by <dialog> and showModal(); stated for assistive technology that predates the
      // top layer, and so that `[role="dialog"]` finds every dialog (tests, axe scopes).
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the browser's own request to close this (the topmost) dialog; React closes it.
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      // Closed by the browser anyway (e.g. a repeated Escape it does not let a page refuse): while
      // the dialog must stay, it is shown again.
      onClose={() => {
        const dialog = dialogRef.current;
        if (!dialog?.isConnected) return;
        if (dismissible) onClose();
        else if (!dialog.open) dialog.showModal();
      }}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      className={`fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-black/70 open:flex ${PLACEMENTS[placement].frame}`}
    >
      <div
        ref={panelRef}
        tabIndex={-1}
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
    </dialog>
  );
}
