import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { t } from '@/i18n/messages';
import { AboveModals } from './above-modals';
import { CloseIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';
type Toast = { id: number; tone: ToastTone; text: string };

type ToastApi = { show: (text: string, tone?: ToastTone) => void };

const ToastContext = createContext<ToastApi | null>(null);

/** How long a toast stays (errors stay until closed, so nobody misses one). */
export const TOAST_DURATION_MS = 5000;

const TONES: Record<ToastTone, string> = {
  success: 'border-success/50 text-success',
  error: 'border-danger/50 text-danger',
  info: 'border-surface-border text-ink',
};

/**
 * Short messages after an action ("saved", "copied", a failed optimistic update). Success and info
 * are announced politely and go away after 5 s; errors are alerts and stay until closed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const show = useCallback(
    (text: string, tone: ToastTone = 'success') => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-2), { id, tone, text }]);
      if (tone !== 'error') setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Over an open dialog too: a toast about what was done in it is seen, read and closable. */}
      <AboveModals>
        <div className="pointer-events-none fixed bottom-4 left-1/2 z-[60] flex w-full max-w-sm -translate-x-1/2 flex-col gap-2 px-4">
          <div aria-live="polite" className="contents">
            {toasts
              .filter((toast) => toast.tone !== 'error')
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} onClose={dismiss} />
              ))}
          </div>
          <div aria-live="assertive" className="contents">
            {toasts
              .filter((toast) => toast.tone === 'error')
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} onClose={dismiss} />
              ))}
          </div>
        </div>
      </AboveModals>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border bg-surface-raised px-4 py-3 text-sm shadow-xl ${TONES[toast.tone]}`}
    >
      <p className="flex-1">{toast.text}</p>
      <button
        type="button"
        onClick={() => onClose(toast.id)}
        aria-label={t('toast.close')}
        className="rounded p-0.5 text-ink-muted hover:text-ink"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  );
}

/** `const toast = useToast(); toast.show(t('…'), 'error')`. Outside a provider it does nothing. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? NOOP;
}

const NOOP: ToastApi = { show: () => undefined };
