// The record hook registry: another module plugs into every record write without editing this
// one. Hooks are keyed by form type (the definition's `formType`, or '*' for every form) and run
// INSIDE the write's transaction, in registration order: `beforeWrite` before the record's
// statements, then the record is written, then `onTransition` once per lifecycle step (create,
// save, submit, resubmit, delete, …), then `afterWrite`. A hook that throws rolls the whole write
// back (the error reaches the caller as it was thrown: an AppError keeps its status). The
// registry lives on the app context (one per app: parallel test apps never share hooks).
import type { DocumentStatus, FormDefinition, LifecycleAction, LinkKind } from '../../../schemas';
import type { AppContext, SessionUser } from '../../context';
import type { Tx } from '../../db/client';
import type { Locale } from '../../../schemas/constants';
import type { RecordRow } from './repository';

/** One lifecycle step of a write (schemas/lifecycle.ts `transition`, the allowed case). */
export interface TransitionStep {
  action: LifecycleAction;
  /** null: the record did not exist before (create) */
  from: DocumentStatus | null;
  to: DocumentStatus;
  /** the record leaves (soft delete) */
  removes: boolean;
}

/** What every hook is called with. */
export interface RecordWriteEvent {
  /** the write's transaction: a hook's statements commit or roll back with the record */
  tx: Tx;
  user: SessionUser;
  definition: FormDefinition;
  /** the record before the write (null on create) */
  before: RecordRow | null;
  /**
   * the record as written: in `beforeWrite`, the values about to be written (id, number, data,
   * status; `version` is the next version); afterwards, as stored
   */
  after: RecordRow;
  /** the write's lifecycle steps, in order (a new record submitted at once: create, submit) */
  transitions: readonly TransitionStep[];
  /** a new document made from another (record/save `derivedFrom`): the link written with it */
  link?: { kind: LinkKind; fromId: string };
  /** a submit's approver picks (record/save `picks`: approval node id → user ids) */
  picks?: Readonly<Record<string, readonly string[]>>;
  locale: Locale;
}

export interface RecordTransitionEvent extends RecordWriteEvent {
  /** the step this call is for */
  transition: TransitionStep;
}

export type WriteHook = (e: RecordWriteEvent) => void | Promise<void>;
export type TransitionHook = (e: RecordTransitionEvent) => void | Promise<void>;

export interface RecordHooks {
  /** form types the hooks apply to; '*' (the default) for every form */
  formTypes?: readonly number[] | '*';
  beforeWrite?: WriteHook;
  afterWrite?: WriteHook;
  onTransition?: TransitionHook;
}

export class RecordHookRegistry {
  private readonly entries: RecordHooks[] = [];

  /** Adds hooks; answers their removal. */
  register(hooks: RecordHooks): () => void {
    const entry = { ...hooks, formTypes: hooks.formTypes ?? '*' };
    this.entries.push(entry);
    return () => {
      const i = this.entries.indexOf(entry);
      if (i >= 0) this.entries.splice(i, 1);
    };
  }

  /** The hooks that apply to a form type, in registration order. */
  for(formType: number): RecordHooks[] {
    return this.entries.filter((e) => e.formTypes === '*' || (e.formTypes ?? []).includes(formType));
  }

  get size() {
    return this.entries.length;
  }
}

declare module '../../context' {
  interface AppContext {
    /** the record hooks modules registered on this app (see registerRecordHooks); created on first use */
    recordHooks?: RecordHookRegistry;
  }
}

/** This app's record hook registry. */
export function recordHooksOf(ctx: AppContext): RecordHookRegistry {
  return (ctx.recordHooks ??= new RecordHookRegistry());
}

/**
 * Registers hooks for this app's record writes (a module calls it from its own plugin, e.g.
 * `registerRecordHooks(ctx, { formTypes: [80021], onTransition })`); answers their removal.
 */
export function registerRecordHooks(ctx: AppContext, hooks: RecordHooks): () => void {
  return recordHooksOf(ctx).register(hooks);
}

/** Runs a write's hooks around `write` inside its transaction; answers what `write` answered. */
export async function runWriteHooks<T>(
  ctx: AppContext,
  e: Omit<RecordWriteEvent, 'after'> & { after: RecordRow },
  write: () => Promise<{ result: T; after: RecordRow }>,
): Promise<T> {
  const hooks = ctx.recordHooks?.for(e.definition.formType) ?? [];
  for (const h of hooks) if (h.beforeWrite) await h.beforeWrite(e);
  const { result, after } = await write();
  const done: RecordWriteEvent = { ...e, after };
  for (const step of e.transitions) {
    for (const h of hooks) if (h.onTransition) await h.onTransition({ ...done, transition: step });
  }
  for (const h of hooks) if (h.afterWrite) await h.afterWrite(done);
  return result;
}
