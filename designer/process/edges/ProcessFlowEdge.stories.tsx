import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReactFlow, ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { Locale } from '../../../schemas/constants';
import type { ProcessEdge, ProcessNode } from '../../../schemas/process/model';
import { useApprovalT } from '../../../runtime/approval/i18n';
import { NODE_SIZE } from '../../../runtime/approval/layout';
import { asLocale } from '../../../widgets/testing/storyDecorators';
import type { EdgeRole, FlowEdge, FlowNode } from '../canvasModel';
import { CanvasContext, OpenMenuStore, nodeText, type CanvasContextValue } from '../canvasContext';
import { useProcessT } from '../drawer/i18n';
import { sampleProcess } from '../drawer/testing';
import { PROCESS_NODE_TYPES } from '../nodes/ProcessFlowNode';
import { PROCESS_EDGE_TYPES } from './ProcessFlowEdge';
import '../processDesigner.css';

// The canvas's edge component (ProcessFlowEdge): the line, the branch label of a condition
// node's edges and the "+" that opens the insert menu, between two nodes of the sample process
// in a small React Flow of its own. The menu's choices do nothing here.

const SAMPLE = sampleProcess();
const byId = (id: string): ProcessNode => SAMPLE.nodes.find((n) => n.id === id)!;

const flowNode = (node: ProcessNode, x: number, y: number): FlowNode => ({
  id: node.id,
  type: node.type,
  position: { x, y },
  data: { node, problems: 0, onPath: false },
  width: NODE_SIZE[node.type].width,
  height: NODE_SIZE[node.type].height,
});

interface EdgeSpec {
  edge: ProcessEdge;
  role: EdgeRole;
  order?: number;
  placeholder?: boolean;
  problems?: number;
  onPath?: boolean;
  selected?: boolean;
  offset?: number;
}

const flowEdge = (s: EdgeSpec): FlowEdge => ({
  id: s.edge.id,
  source: s.edge.source,
  target: s.edge.target,
  type: 'process',
  selected: s.selected ?? false,
  focusable: false,
  data: {
    edge: s.edge,
    role: s.role,
    order: s.order ?? 0,
    placeholder: s.placeholder ?? false,
    offset: s.offset ?? 0,
    problems: s.problems ?? 0,
    onPath: s.onPath ?? false,
    sourceId: s.edge.source,
  },
});

function EdgeCanvas({
  locale,
  readOnly,
  nodes,
  edges,
  openMenu,
  height = 360,
}: {
  locale: Locale;
  readOnly: boolean;
  nodes: FlowNode[];
  edges: FlowEdge[];
  openMenu?: string;
  height?: number;
}) {
  const t = useProcessT(locale);
  const approvalT = useApprovalT(locale);
  const [menu] = useState(() => {
    const m = new OpenMenuStore();
    if (openMenu) m.set(openMenu);
    return m;
  });
  const ctx = useMemo<CanvasContextValue>(
    () => ({
      locale,
      t,
      approvalT,
      names: {},
      readOnly,
      menu,
      nodeName: (id) => nodeText(SAMPLE.nodes.find((n) => n.id === id) ?? nodes.find((n) => n.id === id)?.data.node, locale),
      actions: { insert: () => {}, addBranch: () => {}, openEdge: () => {}, openNode: () => {} },
    }),
    [locale, t, approvalT, readOnly, menu, nodes],
  );
  return (
    <ReactFlowProvider>
      <CanvasContext.Provider value={ctx}>
        <div className="fw-pd-canvas" style={{ height }} role="region" aria-label={t('canvas.label')}>
          <ReactFlow<FlowNode, FlowEdge>
            nodes={nodes}
            edges={edges}
            nodeTypes={PROCESS_NODE_TYPES}
            edgeTypes={PROCESS_EDGE_TYPES}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            fitView
            fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
            proOptions={{ hideAttribution: true }}
          />
        </div>
      </CanvasContext.Provider>
    </ReactFlowProvider>
  );
}

interface FlowEdgeStoryProps {
  /** plain (between two steps), a condition node's conditional branch or its default, a parallel branch */
  role: EdgeRole;
  /** a conditional branch whose condition is not built yet */
  placeholder: boolean;
  problems: number;
  onPath: boolean;
  selected: boolean;
  /** the "+" menu open */
  menuOpen: boolean;
  readOnly: boolean;
  locale?: Locale;
}

/** One edge between two nodes; its role and state from the controls. */
function FlowEdgeStory({ role, placeholder, problems, onPath, selected, menuOpen, readOnly, locale = 'zh-CN' }: FlowEdgeStoryProps) {
  const source = role === 'plain' ? byId('leader') : role === 'parallel' ? byId('split') : byId('amountCheck');
  const target = role === 'parallel' ? byId('reviewA') : byId('director');
  const edge: ProcessEdge =
    role === 'conditional'
      ? {
          id: 'edge1',
          source: source.id,
          target: target.id,
          condition: placeholder ? { and: [] } : { '>': [{ var: 'amount' }, 10000] },
          priority: 1,
          label: placeholder ? undefined : '金额 > 10000',
        }
      : { id: 'edge1', source: source.id, target: target.id };
  const nodes = [flowNode(source, 0, 0), flowNode(target, 0, 240)];
  const edges = [
    flowEdge({ edge, role, order: role === 'conditional' ? 1 : 0, placeholder: role === 'conditional' && placeholder, problems, onPath, selected }),
  ];
  return (
    <EdgeCanvas
      key={`${role}-${menuOpen}`}
      locale={locale}
      readOnly={readOnly}
      nodes={nodes}
      edges={edges}
      openMenu={menuOpen ? 'edge1' : undefined}
      height={menuOpen ? 460 : 400}
    />
  );
}

const meta = {
  title: 'Process designer/Flow edge',
  component: FlowEdgeStory,
  args: { role: 'plain', placeholder: false, problems: 0, onPath: false, selected: false, menuOpen: false, readOnly: false },
  argTypes: { role: { control: 'select', options: ['plain', 'conditional', 'default', 'parallel'] } },
  render: (args, { globals }) => <FlowEdgeStory {...args} locale={asLocale(globals.locale)} />,
} satisfies Meta<typeof FlowEdgeStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A plain edge between two steps with its "+" button. */
export const Plain: Story = {};
/** The "+" menu open: approver, CC, condition group, parallel group (arrow keys move, Escape closes). */
export const InsertMenuOpen: Story = { args: { menuOpen: true } };
/** A condition node's first branch with its label (a button that opens the branch's properties). */
export const ConditionalBranch: Story = { args: { role: 'conditional' } };
/** A branch whose condition is not built yet. */
export const UnsetBranch: Story = { args: { role: 'conditional', placeholder: true } };
export const DefaultBranch: Story = { args: { role: 'default' } };
export const ParallelBranch: Story = { args: { role: 'parallel' } };
/** The publish lint found a problem on the branch. */
export const BranchWithProblems: Story = { args: { role: 'conditional', placeholder: true, problems: 1 } };
export const OnDryRunPath: Story = { args: { role: 'conditional', onPath: true } };
export const SelectedBranch: Story = { args: { role: 'conditional', selected: true } };
/** A read-only canvas: no "+". */
export const ReadOnly: Story = { args: { role: 'conditional', readOnly: true } };

/** A condition node's three branches to the same node, spread sideways (first, second, default), and a new group's empty branches. */
export const SpreadBranches: Story = {
  render: (_args, { globals }) => {
    const cond = byId('amountCheck');
    const target = byId('director');
    const nodes = [flowNode(cond, 10, 0), flowNode(target, 0, 260)];
    const edges = [
      flowEdge({
        edge: { id: 'b1', source: cond.id, target: target.id, condition: { '>': [{ var: 'amount' }, 10000] }, priority: 1, label: '金额 > 10000' },
        role: 'conditional',
        order: 1,
        offset: -90,
      }),
      flowEdge({
        edge: { id: 'b2', source: cond.id, target: target.id, condition: { and: [] }, priority: 2 },
        role: 'conditional',
        order: 2,
        placeholder: true,
        offset: 0,
      }),
      flowEdge({ edge: { id: 'b3', source: cond.id, target: target.id }, role: 'default', offset: 90 }),
    ];
    return <EdgeCanvas locale={asLocale(globals.locale)} readOnly={false} nodes={nodes} edges={edges} height={420} />;
  },
};
/** The insert menu in English. */
export const English: Story = { args: { menuOpen: true }, globals: { locale: 'en-US' } };
