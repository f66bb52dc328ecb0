// The latest published definition of a form code, for the pages that render one: 'missing'
// when the code has none (404), 'handled' when the API client already showed the error.
//
// The route's loader starts the request (prefetchDefinition) as soon as the address is known,
// in parallel with the page's chunks; the page then takes that request instead of starting its
// own after it has rendered, and when the answer is already there it renders the form at once
// (no empty first render). A prefetched answer is taken once and only while fresh.
import { useEffect, useState } from 'react';
import type { FormDefinition } from '../../schemas/definition';
import { ApiError } from '../api/client';
import { services } from '../api/services';

export type PublishedState =
  { phase: 'loading' } | { phase: 'ok'; definition: FormDefinition } | { phase: 'missing' } | { phase: 'error'; msg: string } | { phase: 'handled' };

type Load = (code: string) => Promise<FormDefinition | null | undefined>;

interface Prefetched {
  at: number;
  promise: Promise<FormDefinition | null | undefined>;
  /** the state once the answer is in (a page mounting after it renders it in its first render) */
  settled?: PublishedState;
}

/** How long a prefetched answer stays usable (ms): a page opened later asks again. */
export const PREFETCH_FRESH_MS = 10_000;
const prefetched = new Map<string, Prefetched>();

const defaultLoad: Load = (code) => services.definition(code) as Promise<FormDefinition | null | undefined>;

function stateOf(definition: FormDefinition | null | undefined): PublishedState {
  return definition && Array.isArray(definition.fields) ? { phase: 'ok', definition } : { phase: 'missing' };
}

function errorState(e: unknown): PublishedState {
  if (e instanceof ApiError && e.handled) return { phase: 'handled' };
  if (e instanceof ApiError && (e.status === 404 || e.code === 404)) return { phase: 'missing' };
  return { phase: 'error', msg: e instanceof Error ? e.message : String(e) };
}

/** Start fetching a definition before its page has loaded (a route loader calls this). */
export function prefetchDefinition(code: string | null | undefined, load: Load = defaultLoad): void {
  if (!code) return;
  const hit = prefetched.get(code);
  if (hit && Date.now() - hit.at < PREFETCH_FRESH_MS) return;
  const entry: Prefetched = { at: Date.now(), promise: load(code) };
  entry.promise.then(
    (d) => (entry.settled = stateOf(d)),
    (e: unknown) => (entry.settled = errorState(e)),
  );
  prefetched.set(code, entry);
}

/** The prefetched request of a code, taken once (the next page asks the server again). */
function takePrefetched(code: string): Prefetched | undefined {
  const hit = prefetched.get(code);
  prefetched.delete(code);
  return hit && Date.now() - hit.at < PREFETCH_FRESH_MS ? hit : undefined;
}

/** A prefetched answer already in, without taking it (the first render's state). */
function settledPrefetch(code: string | null): PublishedState | undefined {
  const hit = code ? prefetched.get(code) : undefined;
  return hit && Date.now() - hit.at < PREFETCH_FRESH_MS ? hit.settled : undefined;
}

const LOADING: PublishedState = { phase: 'loading' };

export function usePublishedDefinition(code: string | null, load: Load = defaultLoad): PublishedState {
  // the state belongs to a code: another code is loading until its answer is in
  const [shown, setShown] = useState<{ code: string | null; state: PublishedState }>(() => ({ code, state: settledPrefetch(code) ?? LOADING }));
  useEffect(() => {
    if (!code) return;
    const hit = takePrefetched(code);
    // the first render already showed the prefetched answer
    if (shown.code === code && shown.state.phase !== 'loading') return;
    let live = true;
    (hit ? hit.promise : load(code)).then(
      (definition) => live && setShown({ code, state: stateOf(definition) }),
      (e: unknown) => live && setShown({ code, state: errorState(e) }),
    );
    return () => {
      live = false;
    };
    // only the code decides a request (`shown` is read as the render that ran this effect left it)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
  return shown.code === code ? shown.state : LOADING;
}
