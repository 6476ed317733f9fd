import { useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The open modal dialogs, in the order they were shown (the last one is the browser's topmost). A
 * modal `<dialog>` makes everything outside it inert, the fixed boxes that must stay usable over it
 * included (the session-expiry box: a member paying in a dialog must still be able to extend the
 * session). Such a box renders inside the topmost dialog instead (AboveModals).
 */
const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Dialog: called when its dialog is shown modally; the returned function when it closes. */
export function registerModal(dialog: HTMLDialogElement): () => void {
  open.push(dialog);
  notify();
  return () => {
    const index = open.indexOf(dialog);
    if (index >= 0) open.splice(index, 1);
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const topmost = () => open[open.length - 1] ?? null;

/**
 * Renders its children where they are, or, while a modal dialog is open, inside the topmost one (a
 * portal): still fixed where they were on screen, but above the dialog's backdrop, clickable, in the
 * dialog's Tab order and read by screen readers.
 */
export function AboveModals({ children }: { children: ReactNode }) {
  const dialog = useSyncExternalStore(subscribe, topmost, () => null);
  return dialog ? createPortal(children, dialog) : children;
}
