// One process node on the canvas: the shared node card (runtime/approval/diagram) with the
// strategy summary, lint badge, dry-run state and selection, wrapped with React Flow's handles
// and, on a condition or parallel node, an "add branch" button. Memoised: a drag or a change
// elsewhere does not re-render it.
import { memo, useMemo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { PlusOutlined } from '@ant-design/icons';
import { ProcessNodeCard } from '../../../runtime/approval/diagram/ProcessNodeCard';
import { strategySummary } from '../../../runtime/approval/strategySummary';
import type { FlowNode } from '../canvasModel';
import { useCanvas } from '../canvasContext';

function ProcessFlowNodeView({ data, selected }: NodeProps<FlowNode>) {
  const { locale, t, approvalT, names, actions, readOnly } = useCanvas();
  const { node, problems, onPath } = data;
  const summary = useMemo(() => {
    if (node.type === 'approve' || node.type === 'cc') return strategySummary(node, approvalT, names);
    if (node.type === 'condition') return t('nodes.conditionSummary');
    if (node.type === 'parallel') return t('nodes.parallelSummary');
    return undefined;
  }, [node, approvalT, names, t]);
  const gateway = node.type === 'condition' || node.type === 'parallel';
  return (
    <ProcessNodeCard node={node} locale={locale} summary={summary} state={onPath ? 'path' : 'idle'} problems={problems} selected={!!selected}>
      {node.type !== 'start' ? <Handle type="target" position={Position.Top} isConnectable={false} className="fw-pd-handle" /> : null}
      {node.type !== 'end' ? <Handle type="source" position={Position.Bottom} isConnectable={false} className="fw-pd-handle" /> : null}
      {gateway && !readOnly ? (
        <button
          type="button"
          className="fw-pd-add-branch nodrag"
          data-testid={`process-add-branch-${node.id}`}
          aria-label={t('canvas.addBranch', { name: node.name[locale] || node.name['zh-CN'] })}
          title={t('canvas.addBranch', { name: node.name[locale] || node.name['zh-CN'] })}
          onClick={(e) => {
            e.stopPropagation();
            actions.addBranch(node.id);
          }}
          onKeyDown={(e) => {
            // the button acts on Enter/Space itself: not the node's select (React Flow) nor its open (canvas)
            if (e.key === 'Enter' || e.key === ' ' || e.key === 'Escape') e.stopPropagation();
          }}
        >
          <PlusOutlined aria-hidden="true" />
        </button>
      ) : null}
    </ProcessNodeCard>
  );
}

export const ProcessFlowNode = memo(ProcessFlowNodeView);

/** One node component per node type (all draw the shared card; the type picks its look). */
export const PROCESS_NODE_TYPES = {
  start: ProcessFlowNode,
  approve: ProcessFlowNode,
  cc: ProcessFlowNode,
  condition: ProcessFlowNode,
  parallel: ProcessFlowNode,
  join: ProcessFlowNode,
  end: ProcessFlowNode,
} as const;
