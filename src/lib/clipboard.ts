import { useCallback, useEffect, useRef, useState } from 'react';

/** product.md#dashboard-9: "code copy feedback 2 s". */
export const COPY_FEEDBACK_MS = 2_000;

/** Puts the text on the clipboard; a failure is only logged (product.md#dashboard-8), the caller learns false. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('Copying to the clipboard failed', error);
    return false;
  }
}

/** `copied` is true for 2 s after `flash()` (a new flash starts the 2 s again). */
export function useCopyFeedback() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }, []);
  return { copied, flash };
}
