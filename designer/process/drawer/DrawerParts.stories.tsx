import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../../../schemas/constants';
import type { ProcessDefinition } from '../../../schemas/process/model';
import { asLocale } from '../../../widgets/testing/storyDecorators';
import { ProcessDesignerStore } from '../../core/process/store';
import { branchesOf } from '../../core/process/propertyCommands';
import { ApproveRules } from './ApproveRules';
import { BranchEditor, BranchList } from './Branches';
import { ConditionGroupEditor } from './ConditionBuilder';
import { DrawerContext, useDrawerData, type DrawerContextValue } from './context';
import { useProcessT } from './i18n';
import type { ConditionGroup } from './model';
import { NodePermissions, usePermissionStore } from './NodePermissions';
import { MemoryDrawerApi, sampleProcess } from './testing';

// The drawer's parts on their own, inside the drawer's context (the in-memory API: the expense
// form's fields, the directory): the visual condition builder, the branch list with its priority
// order and default, the approve rules, and a node's field permissions (the form designer's
// permission matrix, sub-form columns included).

type Part = 'conditionBuilder' | 'branches' | 'approveRules' | 'permissions';

interface PartStoryProps {
  part: Part;
  /** the condition builder's starting group */
  group?: ConditionGroup;
  /** the node (approve rules, permissions) */
  nodeId?: string;
  /** the form's permissions cannot be saved */
  readOnlyForms?: boolean;
  /** the definition (default: the sample expense process) */
  definition?: () => ProcessDefinition;
  locale?: Locale;
}

function DrawerFrame({ api, locale, children }: { api: MemoryDrawerApi; locale: Locale; children: ReactNode }) {
  const t = useProcessT(locale);
  const { fields, options, reload } = useDrawerData(api, 'feiYongShenQing', true);
  const ctx = useMemo<DrawerContextValue>(
    () => ({ api, t, locale, formCode: 'feiYongShenQing', fields, options, reload }),
    [api, t, locale, fields, options, reload],
  );
  return (
    <DrawerContext.Provider value={ctx}>
      <div style={{ maxWidth: 560, padding: 16, background: '#fff' }}>{children}</div>
    </DrawerContext.Provider>
  );
}

function ConditionPart({ initial }: { initial: ConditionGroup }) {
  const [group, setGroup] = useState(initial);
  return <ConditionGroupEditor group={group} onChange={setGroup} testId="story-condition" />;
}

function BranchesPart({ store }: { store: ProcessDesignerStore }) {
  const definition = useSyncExternalStore(store.subscribe, () => store.getState().definition);
  const [selected, setSelected] = useState<string | null>(branchesOf(definition, 'amountCheck')[0]?.id ?? null);
  const edge = definition.edges.find((e) => e.id === selected);
  const dispatch = (cmd: Parameters<ProcessDesignerStore['dispatch']>[0]) => {
    const r = store.dispatch(cmd);
    if (!r.ok) throw r.error;
  };
  return (
    <>
      <BranchList definition={definition} nodeId="amountCheck" selected={selected} onSelect={setSelected} dispatch={dispatch} />
      {edge ? <BranchEditor key={edge.id} definition={definition} edge={edge} dispatch={dispatch} /> : null}
    </>
  );
}

function RulesPart({ store, nodeId }: { store: ProcessDesignerStore; nodeId: string }) {
  const definition = useSyncExternalStore(store.subscribe, () => store.getState().definition);
  const node = definition.nodes.find((n) => n.id === nodeId)!;
  return <ApproveRules node={node} dispatch={(cmd) => store.dispatch(cmd)} />;
}

function PermissionsPart({ api, nodeId }: { api: MemoryDrawerApi; nodeId: string }) {
  const { state, reload } = usePermissionStore(api, 'feiYongShenQing', true);
  return <NodePermissions state={state} reload={reload} nodeId={nodeId} />;
}

function PartStory({ part, group, nodeId = 'director', readOnlyForms = false, definition = sampleProcess, locale = 'zh-CN' }: PartStoryProps) {
  const [api] = useState(() => new MemoryDrawerApi({ readOnlyForms }));
  const [store] = useState(() => new ProcessDesignerStore(definition()));
  return (
    <DrawerFrame api={api} locale={locale}>
      {part === 'conditionBuilder' ? <ConditionPart initial={group ?? { combinator: 'and', conditions: [] }} /> : null}
      {part === 'branches' ? <BranchesPart store={store} /> : null}
      {part === 'approveRules' ? <RulesPart store={store} nodeId={nodeId} /> : null}
      {part === 'permissions' ? <PermissionsPart api={api} nodeId={nodeId} /> : null}
    </DrawerFrame>
  );
}

const meta = {
  title: 'Process designer/Drawer parts',
  component: PartStory,
  args: { part: 'conditionBuilder' },
  argTypes: { part: { control: 'select', options: ['conditionBuilder', 'branches', 'approveRules', 'permissions'] }, definition: { control: false } },
  render: (args, { globals }) => <PartStory key={JSON.stringify({ ...args, definition: undefined })} {...args} locale={asLocale(globals.locale)} />,
} satisfies Meta<typeof PartStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The condition builder, empty: add a condition over the bound form's fields. */
export const ConditionBuilderEmpty: Story = {};
/** Conditions over a number, an option field and a picker field, combined with OR. */
export const ConditionBuilder: Story = {
  args: {
    group: {
      combinator: 'or',
      conditions: [
        { field: 'amount', op: 'gt', value: 10000 },
        { field: 'expenseType', op: 'in', value: ['promo', 'display'] },
        { field: 'costDept', op: 'notEmpty' },
      ],
    },
  },
};
/** An unfinished condition (no value yet): marked. */
export const ConditionBuilderIncomplete: Story = { args: { group: { combinator: 'and', conditions: [{ field: 'amount', op: 'gte' }] } } };
/** A condition node's branches in the order they are tried: move up and down, make one the default; the selected branch's editor below. */
export const BranchOrdering: Story = { args: { part: 'branches' } };
/** An approver's rules: approve method, empty-approver rule, skips, comment and signature, timeout, return and resubmit, actions. */
export const ApproveRulesDefaults: Story = { args: { part: 'approveRules', nodeId: 'leader' } };
/** Rules set: all must approve, timeout reminders, return to the applicant with resubmit to the returning node. */
export const ApproveRulesSet: Story = {
  args: {
    part: 'approveRules',
    nodeId: 'director',
    definition: () => {
      const def = sampleProcess();
      return {
        ...def,
        nodes: def.nodes.map((n) =>
          n.id === 'director'
            ? {
                ...n,
                method: 'all',
                onEmpty: 'toUser',
                emptyUserId: '1000000000000000003',
                commentRequired: true,
                signatureRequired: true,
                timeout: { hours: 24, action: 'remind', maxReminders: 3 },
                returnRule: { targets: ['applicant', 'any'], resubmit: 'returningNode' },
                actions: ['transfer', 'addSign'],
              }
            : n,
        ),
      };
    },
  },
};
/** The node's field permissions: the form designer's matrix for this node, sub-form columns included (saved into the form's draft). */
export const NodePermissionsMatrix: Story = { args: { part: 'permissions', nodeId: 'leader' } };
/** Field permissions when the form cannot be saved from here: read-only. */
export const NodePermissionsReadOnly: Story = { args: { part: 'permissions', nodeId: 'director', readOnlyForms: true } };
/** The branch list in English. */
export const English: Story = { args: { part: 'branches' }, globals: { locale: 'en-US' } };
