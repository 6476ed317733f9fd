// The unit tests run in happy-dom (vitest.config.ts; docs/decisions.md). Where it differs from
// browsers in a way the components or Testing Library notice, this puts back what a browser does.
// (The <dialog> behaviour, which neither happy-dom nor jsdom has, is in dialog-polyfill.ts.)
import elementDefaults from 'happy-dom/lib/css/declaration/computed-style/config/CSSComputedStyleElementDefault.js';
import MultipartReader from 'happy-dom/lib/fetch/multipart/MultipartReader.js';

export function fillHappyDomGaps(): void {
  if (!navigator.userAgent.includes('HappyDOM')) return;

  // Phrasing elements (span, a, strong, label, img, …) have no default `display` in happy-dom, where
  // a browser computes `inline`; the accessible-name computation then treats them as blocks and puts
  // spaces around them ('Zmień nazwę : Ledger' instead of 'Zmień nazwę: Ledger').
  const defaults = elementDefaults as Record<string, string | Record<string, string>>;
  for (const [tag, css] of Object.entries(defaults)) if (css === '') defaults[tag] = 'display: inline;';

  // A <select> has a `size` (0 unless set) in browsers; react-hook-form reads it to tell whether the
  // member has changed the select before the form is ready, and without it sets no default value.
  if (!('size' in HTMLSelectElement.prototype)) {
    Object.defineProperty(HTMLSelectElement.prototype, 'size', {
      configurable: true,
      get(this: HTMLSelectElement) {
        const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
        return Number.isNaN(size) || size < 0 ? 0 : size;
      },
      set(this: HTMLSelectElement, size: number) {
        this.setAttribute('size', String(size));
      },
    });
  }

  // A multipart part named "" (supabase-js uploads the file under that name) loses its name when
  // happy-dom reads a body back with formData(): its header parser wants at least one character.
  const reader = MultipartReader.prototype as unknown as {
    getContentDisposition: (headerValue: string) => Record<string, string>;
  };
  reader.getContentDisposition = (headerValue) => {
    const disposition: Record<string, string> = {};
    for (const [, key, value] of headerValue.matchAll(/([a-z]+) *= *"([^"]*)"/g)) disposition[key!] = value!;
    return disposition;
  };
}
