// Process definitions as the engine reads them: the enabled process bound to a form (its latest
// published version) and a pinned version of a process. Published versions are immutable rows of
// process_definition_versions; the administration (adminRoutes.ts) writes drafts and publishes.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { processDefinitions, processDefinitionVersions } from '../../db/schema';
import type { ProcessDefinition } from '../../../schemas/process';

export interface BoundProcess {
  code: string;
  version: number;
  definition: ProcessDefinition;
  callbackUrl?: string;
}

/** The enabled process bound to `formCode`, at its latest published version; null when none is bound, enabled and published. */
export async function boundProcess(db: DbOrTx, formCode: string): Promise<BoundProcess | null> {
  const [row] = await db
    .select({ code: processDefinitions.code, latest: processDefinitions.latestVersion })
    .from(processDefinitions)
    .where(and(eq(processDefinitions.formCode, formCode), eq(processDefinitions.enabled, true)))
    .orderBy(desc(processDefinitions.latestVersion))
    .limit(1);
  if (!row || row.latest < 1) return null;
  const definition = await processVersion(db, row.code, row.latest);
  if (!definition) return null;
  return { code: row.code, version: row.latest, definition, ...(definition.callbackUrl ? { callbackUrl: definition.callbackUrl } : {}) };
}

/** A published version of a process (null when there is none). */
export async function processVersion(db: DbOrTx, code: string, version: number): Promise<ProcessDefinition | null> {
  const [row] = await db
    .select({ definition: processDefinitionVersions.definition })
    .from(processDefinitionVersions)
    .where(and(eq(processDefinitionVersions.code, code), eq(processDefinitionVersions.version, version)));
  // written only by publish, from a definition that passed validateProcessDefinition
  return row ? (row.definition as ProcessDefinition) : null;
}
