// Display names of user ids the screens hold (history details, picks), asked once per set of ids.
import { useEffect, useMemo, useState } from 'react';
import type { ApprovalServices } from './services';

export function useUserNames(services: Pick<ApprovalServices, 'searchUsers'> | undefined, ids: readonly string[]): Record<string, string> {
  const key = useMemo(() => [...new Set(ids)].sort().join(','), [ids]);
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!services || !key) return;
    let live = true;
    services
      .searchUsers({ ids: key.split(','), limit: 50 })
      .then((rows) => {
        if (live) setNames((prev) => ({ ...prev, ...Object.fromEntries(rows.map((u) => [u.id, u.name])) }));
      })
      // names are a nicety: without them the ids show
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [services, key]);
  return names;
}
