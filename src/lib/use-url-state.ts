import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's view state kept in the address (?q=&status=&page=…), so that back, reload and a shared
 * link return to the same view. Each field reads one search parameter; a missing or invalid value
 * falls back to the field's default without an error. The fields are plain parsers, not zod schemas:
 * a module is bundled whole, so zod's classic API here (catch, coerce, refine) put its core's string
 * formats and checks into the entry chunk the landing page downloads (docs/decisions.md, issue 24).
 */
export type UrlField<T> = {
  /** The field's value for the parameter's raw text (undefined when absent). */
  parse: (raw: string | undefined) => T;
};
export type UrlStateShape = Record<string, UrlField<string | number | null>>;
export type UrlState<S extends UrlStateShape> = { [K in keyof S]: ReturnType<S[K]['parse']> };

export type UrlStateSetOptions = {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
};

/** A text parameter ('' when absent), at most `max` characters. */
export const urlText = (max = 200): UrlField<string> => ({ parse: (raw) => (raw ?? '').slice(0, max) });

/** One of the given values, or `fallback` (null: no filter) when absent or unknown. */
export function urlEnum<const T extends string>(values: readonly T[]): UrlField<T | null>;
export function urlEnum<const T extends string>(values: readonly T[], fallback: T): UrlField<T>;
export function urlEnum<const T extends string>(values: readonly T[], fallback: T | null = null): UrlField<T | null> {
  return {
    parse: (raw) => (raw !== undefined && (values as readonly string[]).includes(raw) ? (raw as T) : fallback),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as YYYY-MM-DD (a date input's value), else ''. */
export const urlDate = (): UrlField<string> => ({
  parse: (raw) => (raw !== undefined && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : ''),
});

/** A 1-based page number: a whole number ≥ 1, else 1. */
export const urlPage = (): UrlField<number> => ({
  parse: (raw) => {
    const page = Number(raw);
    return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
  },
});

/** Reads every field of `shape` from the parameters; what is missing or invalid takes its default. */
export function parseUrlState<S extends UrlStateShape>(shape: S, params: URLSearchParams): UrlState<S> {
  const state: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const raw = params.get(key);
    state[key] = schema.parse(raw ?? undefined);
  }
  return state as UrlState<S>;
}

/** The defaults of `shape`: what each field reads from an empty address. */
export function urlStateDefaults<S extends UrlStateShape>(shape: S): UrlState<S> {
  return parseUrlState(shape, new URLSearchParams());
}

/**
 * Writes `state` into `params` (other parameters are kept): a value equal to its default, null or ''
 * is left out, so the address stays short and a default view has a clean URL.
 */
export function writeUrlState<S extends UrlStateShape>(
  shape: S,
  params: URLSearchParams,
  state: UrlState<S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const defaults = urlStateDefaults(shape);
  for (const key of Object.keys(shape)) {
    const value = state[key];
    if (value === null || value === undefined || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * The view state of one list in the address. `set(patch)` adds a history entry (a filter, a sort, a
 * page: back returns to the previous view); `set(patch, { replace: true })` does not (each pause in
 * typing). Any change to a field other than `page` starts again on the first page.
 */
export function useUrlState<S extends UrlStateShape>(shape: S) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the parsed state changes only with the query
  const state = useMemo(() => parseUrlState(shape, params), [query, shape]);

  const set = useCallback(
    (patch: Partial<UrlState<S>>, options: UrlStateSetOptions = {}) => {
      setParams(
        (current) => {
          const previous = parseUrlState(shape, current);
          const merged = { ...previous, ...patch } as UrlState<S>;
          const changesView = Object.keys(patch).some((key) => key !== 'page' && patch[key] !== previous[key]);
          if ('page' in shape && changesView && !('page' in patch)) {
            (merged as Record<string, unknown>).page = urlStateDefaults(shape).page;
          }
          return writeUrlState(shape, current, merged);
        },
        // A new entry comes from a control the member has just used (a checkbox, a select, a page
        // button). React Router renders a navigation as a transition; the controlled control would
        // show its old value until that render, and a quick second look (or a test's check()) sees
        // the click undone. flushSync renders the new view in the same event. Replacing entries come
        // from a pause in typing or from an effect, where flushSync is not allowed and not needed.
        { replace: options.replace, flushSync: !options.replace },
      );
    },
    [setParams, shape],
  );

  return [state, set] as const;
}

/**
 * A search box bound to a committed value (in the address): the box follows what the member types,
 * and `commit` runs after a pause in typing (or at once through `flush`). When the committed value
 * changes from outside (back, "clear filters"), the box follows it.
 */
export function useDebouncedSearch(committed: string, commit: (value: string) => void, delayMs = 300) {
  const [term, setTerm] = useState(committed);
  const [applied, setApplied] = useState(committed);
  // What this box committed last: its arrival in the address must not undo what was typed since.
  const [sent, setSent] = useState(committed);
  if (committed !== applied) {
    setApplied(committed);
    if (committed !== sent) {
      setSent(committed);
      setTerm(committed);
    }
  }
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    if (term === committed) return;
    const timer = setTimeout(() => {
      setSent(term);
      commitRef.current(term);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [term, committed, delayMs]);

  const flush = useCallback(() => {
    if (term === committed) return;
    setSent(term);
    commitRef.current(term);
  }, [term, committed]);

  /** Typed and not committed yet: what is on screen still follows the committed value. */
  const pending = term !== committed && term !== sent;

  return { term, setTerm, flush, pending };
}
