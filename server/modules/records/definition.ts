// The published definition a record is read or written under (records reach definitions only
// through this file).
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { getDefinitionRow, publishedDefinition } from '../definitions';

/** The published definition (its latest version, or the given one); 404 when there is none. */
export async function definitionOrFail(ctx: AppContext, formCode: string, version?: number) {
  const def = await publishedDefinition(ctx, formCode, version);
  if (!def) throw notFound('definition');
  return def;
}

/** The published definition, or null (a read still answers a record whose definition is gone). */
export function definitionOf(ctx: AppContext, formCode: string, version?: number) {
  return publishedDefinition(ctx, formCode, version);
}

/** The form type of a form (0 when the form is unknown), from its definition row. */
export async function formTypeOf(ctx: AppContext, formCode: string): Promise<number> {
  const row = await getDefinitionRow(ctx.db, formCode);
  return row?.formType ?? 0;
}
