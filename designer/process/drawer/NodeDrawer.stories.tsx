import { useState, useSyncExternalStore } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfigProvider } from 'antd';
import type { Locale } from '../../../schemas/constants';
import type { ApproverStrategy, ProcessDefinition, ProcessNode } from '../../../schemas/process/model';
import { asLocale } from '../../../widgets/testing/storyDecorators';
import { ProcessDesignerStore } from '../../core/process/store';
import { expressionToLogic } from './model';
import { NodeDrawer } from './NodeDrawer';
import { MemoryDrawerApi, sampleProcess } from './testing';

// The property drawer (NodeDrawer) for each node type of the sample expense process and for each
// family of approver strategy, on the in-memory drawer API (the expense form's fields, the
// organisation directory, users). Edits are commands on the story's own ProcessDesignerStore.
// The drawer renders inside the story's frame (antd's popup container), not over the page.

const XUQIANG = '1000000000000000004';
const LINA = '1000000000000000002';
const WANGFANG = '1000000000000000003';

interface DrawerStoryProps {
  /** the node whose properties are shown */
  nodeId: string | null;
  /** a branch edge (opens its condition node with that branch selected) */
  edgeId?: string | null;
  /** the director node's strategy (the approver-strategy stories) */
  assignee?: ApproverStrategy;
  /** the director node's other settings */
  patch?: Partial<ProcessNode>;
  /** lint problems (JSON pointers into the definition) */
  problems?: { path: string; message: string }[];
  /** ms each API call takes (the loading states) */
  latencyMs?: number;
  /** the form's permissions cannot be saved */
  readOnlyForms?: boolean;
  /** no form bound to the process */
  unbound?: boolean;
  locale?: Locale;
}

function definitionFor({ assignee, patch, unbound }: DrawerStoryProps): ProcessDefinition {
  const def = sampleProcess();
  return {
    ...def,
    formCode: unbound ? undefined : def.formCode,
    nodes: def.nodes.map((n) => (n.id === 'director' ? { ...n, ...(assignee ? { assignee } : {}), ...patch } : n)),
  };
}

function DrawerStory(props: DrawerStoryProps) {
  const { nodeId, edgeId = null, problems = [], latencyMs = 0, readOnlyForms = false, locale = 'zh-CN' } = props;
  const [store] = useState(() => new ProcessDesignerStore(definitionFor(props)));
  const [api] = useState(() => new MemoryDrawerApi({ latencyMs, readOnlyForms }));
  const definition = useSyncExternalStore(store.subscribe, () => store.getState().definition);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  return (
    <div ref={setContainer} style={{ position: 'relative', height: 760, transform: 'translateZ(0)', overflow: 'hidden', background: '#fafbfc' }}>
      {container ? (
        <ConfigProvider getPopupContainer={() => container}>
          <NodeDrawer
            definition={definition}
            nodeId={nodeId}
            edgeId={edgeId}
            formCode={definition.formCode ?? null}
            api={api}
            problems={problems}
            dispatch={(cmd) => {
              const r = store.dispatch(cmd);
              if (!r.ok) throw r.error;
            }}
            onClose={() => {}}
            locale={locale}
          />
        </ConfigProvider>
      ) : null}
    </div>
  );
}

const meta = {
  title: 'Process designer/Node drawer',
  component: DrawerStory,
  args: { nodeId: 'director' },
  argTypes: { nodeId: { control: 'select', options: sampleProcess().nodes.map((n) => n.id) } },
  render: (args, { globals }) => <DrawerStory key={JSON.stringify(args)} {...args} locale={asLocale(globals.locale)} />,
} satisfies Meta<typeof DrawerStory>;
export default meta;
type Story = StoryObj<typeof meta>;

// ─── per node type ───────────────────────────────────────────────────────────────────────────

/** An approver node: name in three locales, who approves (specified users), then the rules and field-permission tabs. */
export const Approve: Story = {};
/** A CC node: who is copied (members of a role). */
export const Cc: Story = { args: { nodeId: 'copyFinance' } };
/** A condition node: its branches in priority order (move up/down, make default) and the selected branch's condition builder. */
export const Condition: Story = { args: { nodeId: 'amountCheck' } };
/** A branch edge opened from the canvas: its condition node with that branch selected. */
export const Branch: Story = { args: { nodeId: null, edgeId: 'promo' } };
/** The default branch (no condition: taken when no other holds). */
export const DefaultBranch: Story = { args: { nodeId: null, edgeId: 'small' } };
export const Start: Story = { args: { nodeId: 'start' } };
export const Parallel: Story = { args: { nodeId: 'split' } };
export const Join: Story = { args: { nodeId: 'join' } };
export const End: Story = { args: { nodeId: 'end' } };
/** The publish lint's problems on this node, listed at the top. */
export const WithProblems: Story = {
  args: {
    patch: { assignee: undefined },
    problems: [
      { path: '/nodes/3/assignee', message: '审批节点“区域总监审批”未设置审批人' },
      { path: '/nodes/3/timeout/hours', message: '超时时长须大于 0' },
    ],
  },
};
/** The directory and the form's fields still loading. */
export const Loading: Story = { args: { latencyMs: 60_000 } };
/** No form bound: field strategies and conditions have no fields to offer. */
export const NoFormBound: Story = { args: { assignee: { kind: 'fieldUser', field: 'reviewer' }, unbound: true } };
/** A node id the definition no longer has. */
export const NodeGone: Story = { args: { nodeId: 'deleted' } };

// ─── per approver strategy family (the director node) ───────────────────────────────────────

/** Specified users: the user search picker (by login or name; inactive users shown, not pickable). */
export const StrategyUsers: Story = { args: { assignee: { kind: 'users', userIds: [XUQIANG, LINA] } } };
export const StrategyRoles: Story = { args: { assignee: { kind: 'roles', roleCodes: ['caiWuZhuGuan'] } } };
export const StrategyPosts: Story = { args: { assignee: { kind: 'posts', postCodes: ['quYuZongJian'] } } };
/** Members of departments: the department tree. */
export const StrategyDepartments: Story = { args: { assignee: { kind: 'deptMembers', deptCodes: ['XS-HD', 'CW'] } } };
export const StrategyGroups: Story = { args: { assignee: { kind: 'groups', groupCodes: ['reviewers'] } } };
/** The user(s) picked in a form field (employee pickers of the bound form). */
export const StrategyFormFieldUser: Story = { args: { assignee: { kind: 'fieldUser', field: 'reviewer' } } };
/** The leader of the department picked in a form field. */
export const StrategyFormFieldDeptLeader: Story = { args: { assignee: { kind: 'fieldDeptLeader', field: 'costDept' } } };
/** The approver matrix: a form field for each key column, the approver column. */
export const StrategyMatrix: Story = {
  args: { assignee: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'dealer', feiYongLeiXing: 'expenseType' }, column: 'quYuZongJian' } },
};
/** An expression built visually: cases (conditions over the form → users), otherwise users. */
export const StrategyExpression: Story = {
  args: {
    assignee: {
      kind: 'expression',
      logic: expressionToLogic({
        cases: [
          { when: { combinator: 'and', conditions: [{ field: 'amount', op: 'gt', value: 50000 }] }, userIds: [WANGFANG] },
          {
            when: {
              combinator: 'or',
              conditions: [
                { field: 'expenseType', op: 'eq', value: 'promo' },
                { field: 'days', op: 'gte', value: 10 },
              ],
            },
            userIds: [XUQIANG],
          },
        ],
        otherwise: [LINA],
      }),
    },
  },
};
/** Leaders up the applicant's department, two levels. */
export const StrategyLeaderChain: Story = { args: { assignee: { kind: 'leaderChain', levels: 2 } } };
/** The applicant picks at submit, among candidates. */
export const StrategyApplicantPicks: Story = { args: { assignee: { kind: 'applicantPicks', multiple: true, candidates: [XUQIANG, WANGFANG] } } };
/** A strategy kind chosen but not set yet (a list kind with nothing picked): the node is unfinished. */
export const StrategyNotSet: Story = { args: { patch: { assignee: undefined } } };

/** English texts. */
export const English: Story = {
  args: { assignee: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'dealer', feiYongLeiXing: 'expenseType' }, column: 'caiWu' } },
  globals: { locale: 'en-US' },
};
/** Traditional Chinese. */
export const TraditionalChinese: Story = { args: { nodeId: 'amountCheck' }, globals: { locale: 'zh-TW' } };
