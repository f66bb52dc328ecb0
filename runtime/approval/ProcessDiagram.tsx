// The read-only diagram of a process (an instance's pinned version, or a definition): laid out
// by layoutProcessGraph (dagre), nodes drawn with ProcessNodeCard, edges along their routes with
// the branch labels in the room the layout kept for them (RoutedEdge), the current nodes highlighted,
// the nodes done and the path taken marked; fit view and zoom controls, no editing. The
// monitoring page and the task screens use it too.
import { memo, useMemo } from 'react';
import { Background, Controls, Handle, MarkerType, Position, ReactFlow, ReactFlowProvider, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Empty } from 'antd';
import type { Locale } from '../../schemas';
import type { ProcessDefinition, ProcessEdge, ProcessNode } from '../../schemas/process/model';
import { layoutProcessGraph, textWidth } from './layout';
import { DIAGRAM_EDGE_TYPES, LABEL_HEIGHT, LABEL_MAX_WIDTH, type RoutedFlowEdge } from './diagram/RoutedEdge';
import { ProcessNodeCard, type ProcessNodeState } from './diagram/ProcessNodeCard';
import { nodeStateOf } from './diagramState';
import { strategySummary, type StrategyNames } from './strategySummary';
import { useApprovalT } from './i18n';
import './approval.css';

export interface ProcessDiagramProps {
  definition: Pick<ProcessDefinition, 'nodes' | 'edges'> | null | undefined;
  locale: Locale;
  currentNodeIds?: readonly string[];
  doneNodeIds?: readonly string[];
  path?: { nodeIds: readonly string[]; edgeIds: readonly string[] };
  rejectedNodeIds?: readonly string[];
  returnedNodeIds?: readonly string[];
  /** names of the codes strategies hold (else the codes show) */
  names?: StrategyNames;
  /** px (default 420) */
  height?: number;
  /** shows the legend of the states under the diagram (default true) */
  legend?: boolean;
}

type CardData = { node: ProcessNode; locale: Locale; summary: string; state: ProcessNodeState };
type CardNode = Node<CardData, 'card'>;

const HIDDEN_HANDLE = { opacity: 0, pointerEvents: 'none' as const, width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0 };

const CardNodeView = memo(function CardNodeView({ data }: NodeProps<CardNode>) {
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} style={HIDDEN_HANDLE} />
      <ProcessNodeCard node={data.node} locale={data.locale} summary={data.summary} state={data.state} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={HIDDEN_HANDLE} />
    </>
  );
});

const NODE_TYPES = { card: CardNodeView };
/** room kept around a label (px, each direction) so no line runs along its border */
const LABEL_MARGIN = 4;

export function ProcessDiagram(props: ProcessDiagramProps) {
  return (
    <ReactFlowProvider>
      <DiagramInner {...props} />
    </ReactFlowProvider>
  );
}

function DiagramInner({
  definition,
  locale,
  currentNodeIds = [],
  doneNodeIds = [],
  path,
  rejectedNodeIds = [],
  returnedNodeIds = [],
  names,
  height = 420,
  legend = true,
}: ProcessDiagramProps) {
  const t = useApprovalT(locale);
  const { nodes, edges } = useMemo(() => {
    if (!definition?.nodes.length) return { nodes: [] as CardNode[], edges: [] as RoutedFlowEdge[] };
    const types = new Map(definition.nodes.map((n) => [n.id, n.type]));
    const labelOf = (e: ProcessEdge) => e.label || (e.condition === undefined && types.get(e.source) === 'condition' ? t('diagram.defaultBranch') : undefined);
    const { positions, routes } = layoutProcessGraph(definition, {
      keepPositions: true,
      labelSize: (e) => {
        const text = labelOf(e);
        return text ? { width: Math.min(LABEL_MAX_WIDTH, textWidth(text) + 14) + 2 * LABEL_MARGIN, height: LABEL_HEIGHT + 2 * LABEL_MARGIN } : null;
      },
    });
    const s = { currentNodeIds, doneNodeIds, rejectedNodeIds, returnedNodeIds, pathNodeIds: path?.nodeIds ?? [] };
    const nodes: CardNode[] = definition.nodes.map((n) => ({
      id: n.id,
      type: 'card',
      position: positions[n.id] ?? { x: 0, y: 0 },
      data: { node: n, locale, summary: strategySummary(n, t, names), state: nodeStateOf(n.id, s) },
      draggable: false,
      connectable: false,
      selectable: false,
      focusable: true,
      ariaLabel: undefined,
    }));
    const onPath = new Set(path?.edgeIds ?? []);
    const current = new Set(currentNodeIds);
    const edges: RoutedFlowEdge[] = definition.edges.map((e) => {
      const taken = onPath.has(e.id);
      const colour = taken ? '#52c41a' : '#94a3b8';
      return {
        id: e.id,
        source: e.source,
        target: e.target,
        type: 'routed',
        animated: taken && current.has(e.target),
        focusable: false,
        selectable: false,
        style: { stroke: colour, strokeWidth: taken ? 2.5 : 1.5 },
        markerEnd: { type: MarkerType.ArrowClosed, color: colour },
        data: { taken, route: routes[e.id], text: labelOf(e) },
      };
    });
    return { nodes, edges };
  }, [definition, locale, t, names, currentNodeIds, doneNodeIds, rejectedNodeIds, returnedNodeIds, path]);

  if (!nodes.length) {
    return (
      <div className="fw-process-diagram" data-testid="process-diagram" style={{ padding: 24 }}>
        <Empty description={t('diagram.empty')} />
      </div>
    );
  }
  return (
    <div className="fw-process-diagram" data-testid="process-diagram" role="figure" aria-label={t('diagram.title')}>
      <div style={{ height }}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          edgeTypes={DIAGRAM_EDGE_TYPES}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          minZoom={0.2}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={{
            'controls.ariaLabel': t('diagram.controls'),
            'controls.zoomIn.ariaLabel': t('diagram.zoomIn'),
            'controls.zoomOut.ariaLabel': t('diagram.zoomOut'),
            'controls.fitView.ariaLabel': t('diagram.fitView'),
            'node.a11yDescription.default': t('diagram.nodeHelp'),
            'node.a11yDescription.keyboardDisabled': t('diagram.nodeHelp'),
          }}
        >
          <Background gap={16} size={1} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {legend ? (
        <div className="fw-process-diagram-legend" aria-label={t('diagram.legend')}>
          <span>
            <span className="fw-legend-swatch fw-legend-current" aria-hidden="true" />
            {t('diagram.state.current')}
          </span>
          <span>
            <span className="fw-legend-swatch fw-legend-done" aria-hidden="true" />
            {t('diagram.state.done')}
          </span>
          <span>
            <span className="fw-legend-swatch fw-legend-rejected" aria-hidden="true" />
            {t('diagram.state.rejected')}
          </span>
          <span>
            <span className="fw-legend-swatch fw-legend-returned" aria-hidden="true" />
            {t('diagram.state.returned')}
          </span>
          <span>
            <span className="fw-legend-swatch" aria-hidden="true" />
            {t('diagram.state.idle')}
          </span>
        </div>
      ) : null}
    </div>
  );
}
