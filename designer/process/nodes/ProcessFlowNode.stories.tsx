import { useMemo, useRef, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReactFlow, ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { Locale } from '../../../schemas/constants';
import { PROCESS_NODE_TYPES as NODE_TYPES, type ProcessNode, type ProcessNodeType } from '../../../schemas/process/model';
import { useApprovalT } from '../../../runtime/approval/i18n';
import { NODE_SIZE } from '../../../runtime/approval/layout';
import { namesFromDirectory } from '../../../runtime/approval/strategySummary';
import { asLocale } from '../../../widgets/testing/storyDecorators';
import type { FlowNode } from '../canvasModel';
import { CanvasContext, OpenMenuStore, nodeText, type CanvasContextValue } from '../canvasContext';
import { useProcessT } from '../drawer/i18n';
import { DIRECTORY_OPTIONS, DIRECTORY_USERS, sampleProcess } from '../drawer/testing';
import { PROCESS_NODE_TYPES } from './ProcessFlowNode';
import '../processDesigner.css';

// The canvas's node component (ProcessFlowNode) inside a small React Flow of its own, with the
// canvas context the real canvas provides (texts, strategy names, actions that do nothing here).

const SAMPLE = sampleProcess();
const NAMES = namesFromDirectory(DIRECTORY_OPTIONS, DIRECTORY_USERS);
const nodeOf = (type: ProcessNodeType): ProcessNode => SAMPLE.nodes.find((n) => n.type === type)!;

function Canvas({ locale, readOnly, nodes, height }: { locale: Locale; readOnly: boolean; nodes: FlowNode[]; height: number }) {
  const t = useProcessT(locale);
  const approvalT = useApprovalT(locale);
  const menu = useRef(new OpenMenuStore()).current;
  const ctx = useMemo<CanvasContextValue>(
    () => ({
      locale,
      t,
      approvalT,
      names: NAMES,
      readOnly,
      menu,
      nodeName: (id) =>
        nodeText(
          SAMPLE.nodes.find((n) => n.id === id),
          locale,
        ),
      actions: { insert: () => {}, addBranch: () => {}, openEdge: () => {}, openNode: () => {} },
    }),
    [locale, t, approvalT, readOnly, menu],
  );
  return (
    <CanvasContext.Provider value={ctx}>
      <div className="fw-pd-canvas" style={{ height }} role="region" aria-label={t('canvas.label')}>
        <ReactFlow<FlowNode>
          nodes={nodes}
          edges={[]}
          nodeTypes={PROCESS_NODE_TYPES}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          fitView
          fitViewOptions={{ padding: 0.1, maxZoom: 1 }}
          proOptions={{ hideAttribution: true }}
        />
      </div>
    </CanvasContext.Provider>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <ReactFlowProvider>{children}</ReactFlowProvider>;
}

const flowNode = (node: ProcessNode, x: number, y: number, o: { selected?: boolean; problems?: number; onPath?: boolean } = {}): FlowNode => ({
  id: node.id,
  type: node.type,
  position: { x, y },
  data: { node, problems: o.problems ?? 0, onPath: o.onPath ?? false },
  selected: o.selected ?? false,
  width: NODE_SIZE[node.type].width,
  height: NODE_SIZE[node.type].height,
});

interface FlowNodeStoryProps {
  /** the node type (a node of the sample expense process) */
  type: ProcessNodeType;
  selected: boolean;
  /** lint problems the publish check found on it */
  problems: number;
  /** on the dry-run's path */
  onPath: boolean;
  /** a read-only canvas (no "add branch" button on gateways) */
  readOnly: boolean;
  locale?: Locale;
}

/** One node on the canvas, its state from the controls. */
function FlowNodeStory({ type, selected, problems, onPath, readOnly, locale = 'zh-CN' }: FlowNodeStoryProps) {
  const nodes = useMemo(() => [flowNode(nodeOf(type), 0, 0, { selected, problems, onPath })], [type, selected, problems, onPath]);
  return (
    <Frame>
      <Canvas locale={locale} readOnly={readOnly} nodes={nodes} height={240} />
    </Frame>
  );
}

const meta = {
  title: 'Process designer/Flow node',
  component: FlowNodeStory,
  args: { type: 'approve', selected: false, problems: 0, onPath: false, readOnly: false },
  argTypes: { type: { control: 'select', options: [...NODE_TYPES] }, problems: { control: { type: 'number', min: 0, max: 9 } } },
  render: (args, { globals }) => <FlowNodeStory {...args} locale={asLocale(globals.locale)} />,
} satisfies Meta<typeof FlowNodeStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An approver node with its strategy summary (use the controls for the type and the state). */
export const Approve: Story = {};
export const Start: Story = { args: { type: 'start' } };
export const Cc: Story = { args: { type: 'cc' } };
/** A condition node: the "add branch" button under it. */
export const Condition: Story = { args: { type: 'condition' } };
export const Parallel: Story = { args: { type: 'parallel' } };
export const Join: Story = { args: { type: 'join' } };
export const End: Story = { args: { type: 'end' } };
export const Selected: Story = { args: { selected: true } };
/** The publish lint found two problems on it: the badge. */
export const WithProblems: Story = { args: { problems: 2 } };
/** On the dry-run's path. */
export const OnDryRunPath: Story = { args: { onPath: true } };
export const SelectedWithProblems: Story = { args: { selected: true, problems: 1 } };
/** A gateway on a read-only canvas: no "add branch" button. */
export const ReadOnlyGateway: Story = { args: { type: 'condition', readOnly: true } };

const STATES: { key: string; selected?: boolean; problems?: number; onPath?: boolean }[] = [
  { key: 'idle' },
  { key: 'selected', selected: true },
  { key: 'problems', problems: 2 },
  { key: 'path', onPath: true },
  { key: 'selectedProblems', selected: true, problems: 1 },
];

/** Every node type (rows: start, approve, cc, condition, parallel, join, end) in every state (columns: idle, selected, with problems, on the dry-run path, selected with problems). */
export const AllTypesAndStates: Story = {
  render: (_args, { globals }) => {
    const nodes = NODE_TYPES.flatMap((type, row) =>
      STATES.map((s, col) => {
        const base = nodeOf(type);
        return flowNode({ ...base, id: `${base.id}-${s.key}` }, col * 260, row * 120, s);
      }),
    );
    return (
      <Frame>
        <Canvas locale={asLocale(globals.locale)} readOnly={false} nodes={nodes} height={760} />
      </Frame>
    );
  },
};
/** The same in English. */
export const English: Story = { ...AllTypesAndStates, globals: { locale: 'en-US' } };
/** The same in traditional Chinese. */
export const TraditionalChinese: Story = { ...AllTypesAndStates, globals: { locale: 'zh-TW' } };
