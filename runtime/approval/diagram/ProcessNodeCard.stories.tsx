import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ProcessNode } from '../../../schemas/process/model';
import { PROCESS_NODE_TYPES } from '../../../schemas/process/model';
import { approvalT } from '../i18n';
import { strategySummary } from '../strategySummary';
import { SAMPLE_PROCESS } from '../testing/sampleProcess';
import { ProcessNodeCard, type ProcessNodeState } from './ProcessNodeCard';

const STATES: ProcessNodeState[] = ['idle', 'current', 'done', 'path', 'rejected', 'returned'];

const byType = (type: ProcessNode['type']): ProcessNode =>
  SAMPLE_PROCESS.nodes.find((n) => n.type === type) ?? { id: type, type, name: { 'zh-CN': type === 'parallel' ? '并行分支' : '汇聚', 'en-US': type } };

const meta = {
  title: 'Approval/ProcessNodeCard',
  component: ProcessNodeCard,
  args: { node: byType('approve'), locale: 'zh-CN', summary: strategySummary(byType('approve'), approvalT('zh-CN')), state: 'idle' },
  argTypes: { state: { control: 'select', options: STATES }, locale: { control: 'select', options: ['zh-CN', 'en-US', 'zh-TW'] } },
} satisfies Meta<typeof ProcessNodeCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One approver node (use the controls for the state and the locale). */
export const Approve: Story = {};
/** The designer's look: selected, with lint problems. */
export const SelectedWithProblems: Story = { args: { selected: true, problems: 2 } };

/** Every node type in every state. */
export const AllTypesAndStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${STATES.length}, max-content)`, gap: 16, padding: 16 }}>
      {PROCESS_NODE_TYPES.map((type) =>
        STATES.map((state) => {
          const node = byType(type);
          return (
            <ProcessNodeCard key={`${type}-${state}`} node={node} locale={args.locale} state={state} summary={strategySummary(node, approvalT(args.locale))} />
          );
        }),
      )}
    </div>
  ),
};
/** English texts. */
export const English: Story = { ...AllTypesAndStates, args: { locale: 'en-US' } };
