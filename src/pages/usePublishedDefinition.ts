// The latest published definition of a form code, for the pages that render one: 'missing'
// when the code has none (404), 'handled' when the API client already showed the error.
import { useEffect, useState } from 'react';
import type { FormDefinition } from '../../schemas/definition';
import { ApiError } from '../api/client';
import { services } from '../api/services';

export type PublishedState =
  { phase: 'loading' } | { phase: 'ok'; definition: FormDefinition } | { phase: 'missing' } | { phase: 'error'; msg: string } | { phase: 'handled' };

export function usePublishedDefinition(code: string | null): PublishedState {
  const [state, setState] = useState<PublishedState>({ phase: 'loading' });
  useEffect(() => {
    if (!code) return;
    let live = true;
    setState({ phase: 'loading' });
    services
      .definition(code)
      .then((definition) => live && setState(definition && Array.isArray(definition.fields) ? { phase: 'ok', definition } : { phase: 'missing' }))
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.handled) setState({ phase: 'handled' });
        else if (e instanceof ApiError && (e.status === 404 || e.code === 404)) setState({ phase: 'missing' });
        else setState({ phase: 'error', msg: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [code]);
  return state;
}
