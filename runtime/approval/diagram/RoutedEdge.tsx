// One edge of the read-only process diagram: drawn along its route (layout.ts: vertical runs
// beside the nodes, horizontal ones only between ranks, so it never crosses a node), with its
// branch label in the box the layout kept free for it. An edge whose node sits at a stored
// position (the route does not fit it) is a plain stepped line with the label at its middle.
import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type Edge, type EdgeProps } from '@xyflow/react';
import type { EdgeRoute } from '../layout';
import { fitRoute, roundedPath } from './routePath';
import './routedEdge.css';

export interface RoutedEdgeData extends Record<string, unknown> {
  route?: EdgeRoute;
  /** the branch label ("金额 > 50,000", "默认分支") */
  text?: string;
  /** on the path the instance took */
  taken?: boolean;
}

export type RoutedFlowEdge = Edge<RoutedEdgeData, 'routed'>;

/** The label box's size for the layout (12 px text, 6 px padding each side, at most LABEL_MAX_WIDTH). */
export const LABEL_MAX_WIDTH = 160;
export const LABEL_HEIGHT = 20;

function RoutedEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, style, markerEnd }: EdgeProps<RoutedFlowEdge>) {
  const points = fitRoute(data?.route, { x: sourceX, y: sourceY }, { x: targetX, y: targetY });
  let path: string;
  let labelX: number;
  let labelY: number;
  if (points && data?.route) {
    path = roundedPath(points, 8);
    ({ x: labelX, y: labelY } = data.route.label);
  } else [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition, borderRadius: 8 });
  return (
    <>
      <BaseEdge id={id} path={path} style={style} markerEnd={markerEnd} />
      {data?.text ? (
        <EdgeLabelRenderer>
          <div
            className={`fw-diagram-edge-label${data.taken ? ' fw-diagram-edge-label-taken' : ''}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, maxWidth: LABEL_MAX_WIDTH }}
            data-testid={`process-diagram-edge-label-${id}`}
            title={data.text}
          >
            {data.text}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}

export const RoutedEdge = memo(RoutedEdgeView);
export const DIAGRAM_EDGE_TYPES = { routed: RoutedEdge } as const;
