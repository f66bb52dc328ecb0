// One process edge on the canvas: the line — along its route from the layout (around the nodes,
// rounded corners), or, when an end was moved off its automatic place (stored position, a drag in
// progress), a stepped line or a curve bent sideways when several edges join the same two nodes —
// a branch label on condition edges (its priority, "default", or "condition
// not set" — a button that opens the branch's properties) and the "+" button at the middle that
// opens the insert menu (approver, CC, condition group, parallel group), both in the room the
// layout kept for them on the route. Real <button>s with
// accessible names, reachable with Tab. Memoised.
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import { PlusOutlined } from '@ant-design/icons';
import { branchText, type FlowEdge } from '../canvasModel';
import { fitRoute, roundedPath } from '../../../runtime/approval/diagram/routePath';
import { useCanvas, useMenuOpen } from '../canvasContext';
import { INSERT_KINDS, type InsertKind } from '../../core/process/commands';

/** The path and its middle: a stepped line, or a curve pushed `offset` px sideways. */
export function edgePath(
  p: { sourceX: number; sourceY: number; targetX: number; targetY: number },
  offset: number,
  base: () => [string, number, number],
): [string, number, number] {
  if (offset === 0) return base();
  const k = offset / 0.75;
  const h = p.targetY - p.sourceY;
  const c1x = p.sourceX + k;
  const c1y = p.sourceY + h / 3;
  const c2x = p.targetX + k;
  const c2y = p.targetY - h / 3;
  return [
    `M ${p.sourceX},${p.sourceY} C ${c1x},${c1y} ${c2x},${c2y} ${p.targetX},${p.targetY}`,
    (p.sourceX + p.targetX) / 2 + offset,
    (p.sourceY + p.targetY) / 2,
  ];
}

function InsertMenu({ edgeId, onClose }: { edgeId: string; onClose: (refocus: boolean) => void }) {
  const { t, actions } = useCanvas();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      e.stopPropagation();
      const next = (i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
    } else if (e.key === 'Tab') {
      onClose(false);
    }
    // keep the canvas's own keys (arrows move nodes, Delete deletes) away from the menu
    if (e.key.startsWith('Arrow') || e.key === 'Delete' || e.key === 'Backspace') e.stopPropagation();
  };
  const pick = (kind: InsertKind) => {
    onClose(false);
    actions.insert(edgeId, kind);
  };
  return (
    <div
      ref={ref}
      className="fw-pd-insert-menu"
      role="menu"
      aria-label={t('canvas.insertMenu')}
      data-testid={`process-insert-menu-${edgeId}`}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) onClose(false);
      }}
    >
      {INSERT_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          role="menuitem"
          className={`fw-pd-insert-item fw-pd-insert-${kind}`}
          data-testid={`process-insert-${kind}`}
          onClick={(e) => {
            // not on to React Flow's edge (it would select the edge instead of the new node)
            e.stopPropagation();
            pick(kind);
          }}
        >
          {t(`canvas.insert.${kind}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The label sits in a portal but inside the edge in React's tree, so its clicks and key presses
 * would reach React Flow's edge handlers, which select the edge (on a click, on Enter/Space) —
 * and an insert would leave the edge selected instead of the node it inserted. The buttons act on
 * these keys themselves; other keys (Delete, Ctrl+Z) go on to the canvas.
 */
const keepFromEdge = (e: KeyboardEvent<HTMLDivElement>) => {
  if (e.key === 'Enter' || e.key === ' ' || e.key === 'Escape') e.stopPropagation();
};

function ProcessFlowEdgeView(props: EdgeProps<FlowEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected, markerEnd } = props;
  const { t, menu, actions, readOnly, nodeName } = useCanvas();
  const open = useMenuOpen(menu, id);
  const plusRef = useRef<HTMLButtonElement>(null);
  const offset = data?.offset ?? 0;
  const routed = fitRoute(data?.route, { x: sourceX, y: sourceY }, { x: targetX, y: targetY });
  const [path, labelX, labelY] =
    routed && data?.route
      ? [roundedPath(routed, 10), data.route.label.x, data.route.label.y]
      : edgePath({ sourceX, sourceY, targetX, targetY }, offset, () => {
          const [p, x, y] = getSmoothStepPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition, borderRadius: 10 });
          return [p, x, y];
        });
  const role = data?.role ?? 'plain';
  const branch = role === 'conditional' || role === 'default';
  const from = nodeName(props.source);
  const to = nodeName(props.target);
  const text = data ? branchText(t, data) : '';
  const cls = [
    'fw-pd-edge',
    `fw-pd-edge-${role}`,
    data?.onPath ? 'fw-pd-edge-path' : '',
    selected ? 'fw-pd-edge-selected' : '',
    data?.problems ? 'fw-pd-edge-problem' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} className={cls} interactionWidth={16} />
      <EdgeLabelRenderer>
        <div
          className={`fw-pd-edge-label nodrag nopan${data?.onPath ? ' fw-pd-edge-label-path' : ''}`}
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          data-testid={`process-edge-${id}`}
          onKeyDown={keepFromEdge}
        >
          {branch ? (
            <button
              type="button"
              className={`fw-pd-branch fw-pd-branch-${role}${data?.placeholder ? ' fw-pd-branch-unset' : ''}${selected ? ' fw-pd-branch-selected' : ''}`}
              data-testid={`process-branch-${id}`}
              aria-label={t('canvas.branchOpen', { branch: text, from, to })}
              aria-pressed={!!selected}
              onClick={(e) => {
                e.stopPropagation();
                actions.openEdge(id);
              }}
            >
              {text}
              {data?.problems ? <span className="fw-pd-branch-problems">{t('canvas.problemCount', { count: data.problems })}</span> : null}
            </button>
          ) : null}
          {!readOnly ? (
            <button
              ref={plusRef}
              type="button"
              className="fw-pd-plus"
              data-testid={`process-edge-plus-${id}`}
              aria-label={t('canvas.insertOn', { from, to })}
              title={t('canvas.insertOn', { from, to })}
              aria-haspopup="menu"
              aria-expanded={open}
              onClick={(e) => {
                e.stopPropagation();
                menu.set(open ? null : id);
              }}
            >
              <PlusOutlined aria-hidden="true" />
            </button>
          ) : null}
          {open ? (
            <InsertMenu
              edgeId={id}
              onClose={(refocus) => {
                menu.set(null);
                if (refocus) plusRef.current?.focus();
              }}
            />
          ) : null}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

export const ProcessFlowEdge = memo(ProcessFlowEdgeView);
export const PROCESS_EDGE_TYPES = { process: ProcessFlowEdge } as const;
