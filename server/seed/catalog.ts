// The catalog definitions of schemas/catalog, published as version 1 on first start.
import { CATALOG, type FormDefinition } from '../../schemas';

export function catalogDefinitions(): FormDefinition[] {
  return CATALOG.map((d) => structuredClone(d));
}
