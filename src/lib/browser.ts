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
