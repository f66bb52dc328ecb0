// The callback outbox: rows written in a step's transaction (enqueueCallbacks), delivered after
// commit by the dispatcher (background.ts runs it after steps and on a timer).
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { processOutbox } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface CallbackInput {
  instanceId: string;
  recordId: string;
  processCode: string;
  /** the process's callbackUrl; nothing is written when empty */
  url: string | undefined;
  events: { event: string; nodeId?: string }[];
  payload: Record<string, unknown>;
}

/** One outbox row per event, in the caller's transaction; nothing when the url is empty. */
export async function enqueueCallbacks(tx: Tx, _ctx: AppContext, input: CallbackInput): Promise<void> {
  if (!input.url || input.events.length === 0) return;
  const url = input.url;
  await tx.insert(processOutbox).values(
    input.events.map((e) => {
      const id = newId();
      return {
        id,
        instanceId: input.instanceId,
        recordId: input.recordId,
        processCode: input.processCode,
        event: e.event,
        url,
        payload: {
          ...input.payload,
          event: e.event,
          ...(e.nodeId ? { nodeId: e.nodeId } : {}),
          deliveryId: id,
          instanceId: input.instanceId,
          recordId: input.recordId,
          processCode: input.processCode,
        },
      };
    }),
  );
}
