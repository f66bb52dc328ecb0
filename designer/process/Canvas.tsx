// The process canvas: React Flow over the designer store. Nodes come from the definition
// (stored position, else the top-down layout); a mouse drag moves React Flow's own copy of the
// nodes frame by frame and ends in one move command (undoable); arrow keys on a focused,
// selected node move it (a coalesced move command per press); Delete/Backspace deletes the
// selection; double-click or Enter opens a node's properties; the "+" on every edge inserts.
// Rendering is kept cheap: flow objects are reused while their node is unchanged
// (canvasModel.ts), node and edge components are memoised, callbacks are stable.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Background, Controls, MiniMap, ReactFlow, applyNodeChanges, type EdgeChange, type NodeChange, type OnNodeDrag } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { Locale } from '../../schemas/constants';
import { NODE_COLOURS } from '../../runtime/approval/diagram/ProcessNodeCard';
import type { StrategyNames } from '../../runtime/approval/strategySummary';
import { useApprovalT } from '../../runtime/approval/i18n';
import type { ProcessDesignerStore } from '../core/process/store';
import type { ProcessDesignerError } from '../core/process/errors';
import { addBranch, deleteSelection, insertOnEdge, moveNodes, type InsertKind } from '../core/process/commands';
import type { ProblemsByNode } from '../core/process/problems';
import { CanvasModel, type FlowNode, type FlowNodeData } from './canvasModel';
import { CanvasContext, OpenMenuStore, nodeText, type CanvasContextValue } from './canvasContext';
import { PROCESS_NODE_TYPES } from './nodes/ProcessFlowNode';
import { PROCESS_EDGE_TYPES } from './edges/ProcessFlowEdge';
import { useProcessT } from './drawer/i18n';
import './processDesigner.css';

/** Above this many nodes only those in view are rendered (mount time); below, all are (Tab reaches every one). */
export const VISIBLE_ONLY_ABOVE = 150;

export interface ProcessCanvasProps {
  store: ProcessDesignerStore;
  locale: Locale;
  problems?: ProblemsByNode | null;
  /** the dry-run's path to highlight */
  path?: { nodes: ReadonlySet<string>; edges: ReadonlySet<string> } | null;
  names?: StrategyNames;
  readOnly?: boolean;
  /** open the properties of a node or a branch edge */
  onOpen?: (target: { nodeId?: string; edgeId?: string }) => void;
  /** a refused edit (delete the start node …) */
  onRefused?: (error: ProcessDesignerError) => void;
}

const EMPTY_NAMES: StrategyNames = {};
const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.closest('[role="menu"]'));

export function ProcessCanvas({ store, locale, problems, path, names = EMPTY_NAMES, readOnly = false, onOpen, onRefused }: ProcessCanvasProps) {
  const definition = useSyncExternalStore(store.subscribe, () => store.getState().definition);
  const selection = useSyncExternalStore(store.subscribe, () => store.getState().selection);
  const t = useProcessT(locale);
  const approvalT = useApprovalT(locale);
  // the layout reserves each branch label's width in the locale's texts, and the "+" unless read-only
  const model = useMemo(() => new CanvasModel({ t, readOnly }), [t, readOnly]);
  const menu = useRef(new OpenMenuStore()).current;
  const defRef = useRef(definition);
  defRef.current = definition;
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;

  const run = useCallback(
    (cmd: Parameters<ProcessDesignerStore['dispatch']>[0]) => {
      const r = store.dispatch(cmd);
      if (!r.ok) onRefusedRef.current?.(r.error);
      return r.ok;
    },
    [store],
  );

  const flowNodes = useMemo(
    () =>
      model.nodes(definition, {
        problemsByNode: problems?.nodes,
        pathNodes: path?.nodes,
        selectedNodes: selection.nodes,
      }),
    [model, definition, problems, path, selection.nodes],
  );
  const flowEdges = useMemo(
    () =>
      model.edges(definition, {
        problemsByEdge: problems?.edges,
        pathEdges: path?.edges,
        selectedEdges: selection.edges,
      }),
    [model, definition, problems, path, selection.edges],
  );

  // during a mouse drag React Flow's nodes are ours to move; the drag's end is one command
  const [dragNodes, setDragNodes] = useState<FlowNode[] | null>(null);
  const dragging = useRef(false);
  useEffect(() => {
    if (!dragging.current) setDragNodes(null);
  }, [flowNodes]);
  const nodes = dragNodes ?? flowNodes;

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const moves: Record<string, { x: number; y: number }> = {};
      const drags: NodeChange<FlowNode>[] = [];
      let select: { id: string; selected: boolean }[] = [];
      for (const c of changes) {
        if (c.type === 'position' && c.position) {
          if (c.dragging || dragging.current) drags.push(c);
          else moves[c.id] = c.position;
        } else if (c.type === 'select') select = [...select, { id: c.id, selected: c.selected }];
      }
      if (drags.length) setDragNodes((prev) => applyNodeChanges(drags, prev ?? model.nodes(defRef.current)) as FlowNode[]);
      if (Object.keys(moves).length && !readOnly) run(moveNodes(moves, true));
      if (select.length) {
        const cur = store.getState().selection;
        const set = new Set(cur.nodes);
        for (const s of select) {
          if (s.selected) set.add(s.id);
          else set.delete(s.id);
        }
        store.select({ nodes: [...set], edges: select.some((s) => s.selected) ? [] : cur.edges });
      }
    },
    [model, run, store, readOnly],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const select = changes.filter((c): c is Extract<EdgeChange, { type: 'select' }> => c.type === 'select');
      if (!select.length) return;
      const cur = store.getState().selection;
      const set = new Set(cur.edges);
      for (const s of select) {
        if (s.selected) set.add(s.id);
        else set.delete(s.id);
      }
      store.select({ nodes: select.some((s) => s.selected) ? [] : cur.nodes, edges: [...set] });
    },
    [store],
  );

  const onNodeDragStart = useCallback<OnNodeDrag<FlowNode>>(() => {
    dragging.current = true;
    menu.set(null);
  }, [menu]);
  const onNodeDragStop = useCallback<OnNodeDrag<FlowNode>>(
    (_e, node, dragged) => {
      dragging.current = false;
      const list = dragged.length ? dragged : [node];
      const positions: Record<string, { x: number; y: number }> = {};
      for (const n of list) positions[n.id] = n.position;
      if (!readOnly) run(moveNodes(positions));
      setDragNodes(null);
    },
    [run, readOnly],
  );

  const onNodeDoubleClick = useCallback((_e: unknown, node: FlowNode) => onOpenRef.current?.({ nodeId: node.id }), []);
  const onEdgeClick = useCallback((_e: unknown, edge: { id: string; data?: { role?: string } }) => {
    if (edge.data?.role === 'conditional' || edge.data?.role === 'default') onOpenRef.current?.({ edgeId: edge.id });
  }, []);
  const onPaneClick = useCallback(() => {
    menu.set(null);
    store.clearSelection();
  }, [menu, store]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (isTyping(e.target)) return;
      const nodeEl = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('.react-flow__node') : null;
      // Enter on the node itself (not on a button inside it) opens its properties
      if (e.key === 'Enter' && nodeEl?.dataset.id && nodeEl === e.target) {
        e.preventDefault();
        store.selectNode(nodeEl.dataset.id);
        onOpenRef.current?.({ nodeId: nodeEl.dataset.id });
        return;
      }
      if ((e.key === 'Delete' || e.key === 'Backspace') && !readOnly) {
        const sel = store.getState().selection;
        if (sel.nodes.length || sel.edges.length) {
          e.preventDefault();
          run(deleteSelection(sel));
        }
      }
    },
    [store, run, readOnly],
  );

  const container = useRef<HTMLDivElement>(null);
  /** focus a node's element once React Flow has drawn it (a few frames at most) */
  const focusNode = useCallback((id: string) => {
    const attempt = (tries: number) => {
      const el = container.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      if (el) el.focus();
      else if (tries > 0) requestAnimationFrame(() => attempt(tries - 1));
    };
    requestAnimationFrame(() => attempt(10));
  }, []);

  const ctx = useMemo<CanvasContextValue>(
    () => ({
      locale,
      t,
      approvalT,
      names,
      readOnly,
      menu,
      nodeName: (id) =>
        nodeText(
          defRef.current.nodes.find((n) => n.id === id),
          locale,
        ),
      actions: {
        insert: (edgeId: string, kind: InsertKind) => {
          if (!run(insertOnEdge(edgeId, kind))) return;
          // keyboard users go on from the new node (Enter opens its properties)
          const id = store.getState().selection.nodes[0];
          if (id) focusNode(id);
        },
        addBranch: (nodeId: string) => {
          run(addBranch(nodeId));
        },
        openEdge: (edgeId: string) => {
          store.selectEdge(edgeId);
          onOpenRef.current?.({ edgeId });
        },
        openNode: (nodeId: string) => {
          store.selectNode(nodeId);
          onOpenRef.current?.({ nodeId });
        },
      },
    }),
    [locale, t, approvalT, names, readOnly, menu, run, store, focusNode],
  );

  const ariaLabelConfig = useMemo(
    () => ({
      'node.a11yDescription.default': t('canvas.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('canvas.a11y.nodeKeyboardDisabled'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) =>
        t('canvas.a11y.moved', { direction: t(`canvas.a11y.direction.${direction}`), x: Math.round(x), y: Math.round(y) }),
      'edge.a11yDescription.default': t('canvas.a11y.edge'),
      'controls.ariaLabel': t('canvas.a11y.controls'),
      'controls.zoomIn.ariaLabel': t('canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('canvas.fitView'),
      'controls.interactive.ariaLabel': t('canvas.a11y.interactive'),
      'minimap.ariaLabel': t('canvas.minimap'),
      'handle.ariaLabel': t('canvas.a11y.handle'),
    }),
    [t],
  );

  const miniMapColour = useCallback((n: { data: FlowNodeData }) => NODE_COLOURS[n.data.node.type] ?? '#999', []);

  return (
    <CanvasContext.Provider value={ctx}>
      <div ref={container} className="fw-pd-canvas" data-testid="process-canvas" onKeyDown={onKeyDown} aria-label={t('canvas.label')} role="region">
        <ReactFlow<FlowNode>
          nodes={nodes}
          edges={flowEdges}
          nodeTypes={PROCESS_NODE_TYPES}
          edgeTypes={PROCESS_EDGE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onNodeDragStart={onNodeDragStart}
          onNodeDragStop={onNodeDragStop}
          onNodeDoubleClick={onNodeDoubleClick}
          onEdgeClick={onEdgeClick}
          onPaneClick={onPaneClick}
          nodesDraggable={!readOnly}
          nodesConnectable={false}
          nodesFocusable
          edgesFocusable={false}
          edgesReconnectable={false}
          elementsSelectable
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={['Meta', 'Control', 'Shift']}
          disableKeyboardA11y={false}
          autoPanOnNodeFocus
          onlyRenderVisibleElements={definition.nodes.length > VISIBLE_ONLY_ABOVE}
          ariaLabelConfig={ariaLabelConfig}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          minZoom={0.1}
          maxZoom={2}
          zoomOnDoubleClick={false}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={16} />
          <Controls showInteractive={false} />
          <MiniMap<FlowNode> pannable zoomable nodeColor={miniMapColour} ariaLabel={t('canvas.minimap')} />
        </ReactFlow>
      </div>
    </CanvasContext.Provider>
  );
}
