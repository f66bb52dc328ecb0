// Where the canvas draws each node: the stored position of a node an admin moved, else the
// automatic top-down layout (runtime/approval/layout.ts, dagre).
import type { ProcessDefinition } from '../../../schemas/process/model';
import { layoutProcess, type Positions } from '../../../runtime/approval/layout';

export function canvasPositions(definition: Pick<ProcessDefinition, 'nodes' | 'edges'>): Positions {
  return layoutProcess(definition, { keepPositions: true });
}
