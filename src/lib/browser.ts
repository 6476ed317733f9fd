/** Thin wrappers around browser APIs, so callers stay testable (jsdom cannot reload a page). */

/** Clears local and session storage; a storage that cannot be accessed is skipped. */
export function clearBrowserStorage(): void {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      storage().clear();
    } catch (error) {
      console.warn('Could not clear browser storage', error);
    }
  }
}

export function reloadPage(): void {
  window.location.reload();
}

let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  // A page restored from the back/forward cache is shown again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * True once the page is being left (a reload, a link to another document, the tab closing): the
 * browser then cancels the page's requests, which may have reached the server already.
 */
export function isLeavingPage(): boolean {
  return leaving;
}
