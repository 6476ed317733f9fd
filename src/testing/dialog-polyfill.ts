// jsdom has no showModal() or close() on <dialog>, and happy-dom's only set `open` (no stack, no
// Escape). This gives them what the components rely on, the way browsers behave: showModal() opens
// the dialog on top of the others, close() closes it and fires `close`, and Escape fires a
// cancelable `cancel` at the topmost open dialog only (closing it unless the page prevents that).
// What they cannot do (the top layer, an inert page behind) is checked end to end in the browser.
const stack: HTMLDialogElement[] = [];

function topmost(): HTMLDialogElement | undefined {
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    const dialog = stack[index];
    if (dialog?.isConnected && dialog.open) return dialog;
    stack.splice(index, 1);
  }
  return undefined;
}

export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (proto.__polyfilled) return;
  proto.__polyfilled = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.setAttribute('open', '');
    stack.push(this);
  };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    const index = stack.indexOf(this);
    if (index !== -1) stack.splice(index, 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const dialog = topmost();
    if (!dialog) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
}
