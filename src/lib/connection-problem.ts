/**
 * A tiny event channel for errors that look like a blocked or cross-origin request
 * (`isConnectionProblem` in errors.ts). The query and mutation caches report them; the
 * connection-problem modal listens. Anything else may report too.
 */
type Listener = (error: unknown) => void;

const listeners = new Set<Listener>();

export function reportConnectionProblem(error: unknown): void {
  for (const listener of listeners) listener(error);
}

export function subscribeToConnectionProblems(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
