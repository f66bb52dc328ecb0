// Who approves (approve node) or is copied (cc node): the strategy kind, then the picker the kind
// needs. Kinds that need a choice first (users, roles, …, a field, the matrix) clear the node's
// strategy until chosen, so the drawer and the publish lint show the node as unfinished.
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Select, Space, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApproverStrategy, ApproverStrategyKind, ProcessNode } from '../../../schemas/process/model';
import type { ProcessCommand } from '../../core/process/command';
import { setAssignee } from '../../core/process/propertyCommands';
import type { DirectoryOptions } from './api';
import { fieldOptions, useDrawer } from './context';
import { ConditionGroupEditor } from './ConditionBuilder';
import { EMPTY_GROUP, conditionFields, deptFields, expressionComplete, expressionToLogic, logicToExpression, userFields, type ExpressionModel } from './model';
import {
  APPROVER_STRATEGIES,
  LIST_KINDS,
  initialStrategy,
  listOf,
  listStrategy,
  matrixStrategy,
  picksStrategy,
  type ListKind,
  type MatrixDraft,
} from './strategy';
import { UserPicker } from './context';

type Dispatch = (cmd: ProcessCommand) => void;

function departmentTree(departments: DirectoryOptions['departments']) {
  type TreeNode = { value: string; title: string; children: TreeNode[] };
  const byCode = new Map<string, TreeNode>(departments.map((d) => [d.code, { value: d.code, title: d.name, children: [] }]));
  const roots: TreeNode[] = [];
  for (const d of departments) {
    const node = byCode.get(d.code)!;
    const parent = d.parentCode ? byCode.get(d.parentCode) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function CodeListPicker({ node, kind, dispatch, options }: { node: ProcessNode; kind: ListKind; dispatch: Dispatch; options: DirectoryOptions }) {
  const { t } = useDrawer();
  const value = node.assignee?.kind === kind ? listOf(node.assignee) : [];
  const set = (codes: string[]) => dispatch(setAssignee(node.id, listStrategy(kind, codes) ?? undefined));
  const label = t(`strategy.pick.${kind}`);
  if (kind === 'users') return <UserPicker value={value} onChange={set} label={label} testId="strategy-users" />;
  if (kind === 'deptMembers')
    return (
      <TreeSelect
        data-testid="strategy-deptMembers"
        aria-label={label}
        multiple
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        style={{ width: '100%' }}
        placeholder={label}
        value={value}
        onChange={(v: string[]) => set(v)}
        treeData={departmentTree(options.departments)}
      />
    );
  const source = kind === 'roles' ? options.roles : kind === 'posts' ? options.posts : options.groups;
  const known = new Set(source.map((x) => x.code));
  return (
    <Select
      data-testid={`strategy-${kind}`}
      mode="multiple"
      aria-label={label}
      placeholder={label}
      style={{ width: '100%' }}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={set}
      options={[
        ...source.map((x) => ({
          value: x.code,
          label: `${x.name} (${x.code})${'memberCount' in x ? ` · ${t('strategy.members', { count: x.memberCount })}` : ''}`,
        })),
        ...value.filter((c) => !known.has(c)).map((c) => ({ value: c, label: t('strategy.unknownCode', { code: c }) })),
      ]}
    />
  );
}

function MatrixPicker({ node, dispatch, options }: { node: ProcessNode; dispatch: Dispatch; options: DirectoryOptions }) {
  const { t, fields, locale } = useDrawer();
  const current = node.assignee?.kind === 'matrix' ? node.assignee : null;
  const [draft, setDraft] = useState<MatrixDraft>(current ? { matrix: current.matrix, by: { ...current.by }, column: current.column } : { by: {} });
  const all = fields.status === 'ready' ? fields.data : [];
  const matrix = options.matrices.find((m) => m.code === draft.matrix);
  const update = (d: MatrixDraft) => {
    setDraft(d);
    const m = options.matrices.find((x) => x.code === d.matrix);
    const s = m
      ? matrixStrategy(
          d,
          m.keys.map((k) => k.key),
        )
      : null;
    if (s) dispatch(setAssignee(node.id, s));
    else if (current) dispatch(setAssignee(node.id, undefined));
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="strategy-matrix">
      <Form.Item label={t('strategy.matrix.matrix')} style={{ marginBottom: 8 }}>
        <Select
          aria-label={t('strategy.matrix.matrix')}
          data-testid="strategy-matrix-select"
          style={{ width: '100%' }}
          value={draft.matrix}
          placeholder={t('strategy.matrix.matrix')}
          onChange={(code: string) => update({ matrix: code, by: {}, column: undefined })}
          options={options.matrices.map((m) => ({ value: m.code, label: `${m.name} (${m.code})` }))}
          notFoundContent={t('strategy.matrix.none')}
        />
      </Form.Item>
      {matrix && (
        <>
          <Typography.Text type="secondary">{t('strategy.matrix.keysHint')}</Typography.Text>
          {matrix.keys.map((k) => (
            <Form.Item key={k.key} label={t('strategy.matrix.key', { name: k.name })} style={{ marginBottom: 8 }}>
              <Select
                aria-label={t('strategy.matrix.key', { name: k.name })}
                data-testid={`strategy-matrix-by-${k.key}`}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                value={draft.by[k.key]}
                placeholder={t('strategy.field')}
                onChange={(path: string) => update({ ...draft, by: { ...draft.by, [k.key]: path } })}
                options={fieldOptions(conditionFields(all), all, locale)}
              />
            </Form.Item>
          ))}
          <Form.Item label={t('strategy.matrix.column')} style={{ marginBottom: 8 }}>
            <Select
              aria-label={t('strategy.matrix.column')}
              data-testid="strategy-matrix-column"
              style={{ width: '100%' }}
              value={draft.column}
              placeholder={t('strategy.matrix.column')}
              onChange={(column: string) => update({ ...draft, column })}
              options={matrix.columns.map((c) => ({ value: c.key, label: `${c.name} (${c.key})` }))}
            />
          </Form.Item>
        </>
      )}
    </Space>
  );
}

function ExpressionBuilder({ node, dispatch }: { node: ProcessNode; dispatch: Dispatch }) {
  const { t } = useDrawer();
  const logic = node.assignee?.kind === 'expression' ? node.assignee.logic : undefined;
  const model = logicToExpression(logic);
  if (!model)
    return (
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="strategy-expression">
        <Alert type="warning" showIcon title={t('strategy.expression.unsupported')} />
        <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(logic, null, 2)}
        </Typography.Paragraph>
        <Button onClick={() => dispatch(setAssignee(node.id, initialStrategy('expression')!))}>{t('strategy.expression.rebuild')}</Button>
      </Space>
    );
  const save = (m: ExpressionModel) => dispatch(setAssignee(node.id, { kind: 'expression', logic: expressionToLogic(m) }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="strategy-expression">
      <Typography.Text type="secondary">{t('strategy.expression.hint')}</Typography.Text>
      {model.cases.map((c, i) => (
        <Card
          key={i}
          size="small"
          data-testid={`expression-case-${i}`}
          title={i === 0 ? t('strategy.expression.if') : t('strategy.expression.elseIf')}
          extra={
            model.cases.length > 1 && (
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('strategy.expression.removeCase', { n: i + 1 })}
                onClick={() => save({ ...model, cases: model.cases.filter((_, j) => j !== i) })}
              />
            )
          }
        >
          <ConditionGroupEditor
            group={c.when}
            testId={`expression-case-${i}-when`}
            onChange={(when) => save({ ...model, cases: model.cases.map((x, j) => (j === i ? { ...x, when } : x)) })}
          />
          <Typography.Text strong>{t('strategy.expression.then')}</Typography.Text>
          <UserPicker
            value={c.userIds}
            label={t('strategy.expression.thenUsers', { n: i + 1 })}
            testId={`expression-case-${i}-users`}
            onChange={(userIds) => save({ ...model, cases: model.cases.map((x, j) => (j === i ? { ...x, userIds } : x)) })}
          />
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        data-testid="expression-add-case"
        onClick={() => save({ ...model, cases: [...model.cases, { when: EMPTY_GROUP, userIds: [] }] })}
      >
        {t('strategy.expression.addCase')}
      </Button>
      <Typography.Text strong>{t('strategy.expression.otherwise')}</Typography.Text>
      <UserPicker
        value={model.otherwise}
        label={t('strategy.expression.otherwise')}
        testId="expression-otherwise-users"
        placeholder={t('strategy.expression.otherwiseEmpty')}
        onChange={(otherwise) => save({ ...model, otherwise })}
      />
      {!expressionComplete(model) && <Alert type="warning" showIcon title={t('strategy.expression.incomplete')} data-testid="expression-incomplete" />}
    </Space>
  );
}

function FieldPicker({ node, kind, dispatch }: { node: ProcessNode; kind: 'fieldDeptLeader' | 'fieldUser'; dispatch: Dispatch }) {
  const { t, fields, locale, formCode } = useDrawer();
  const all = fields.status === 'ready' ? fields.data : [];
  const list = kind === 'fieldDeptLeader' ? deptFields(all) : userFields(all);
  const value = node.assignee?.kind === kind ? node.assignee.field : undefined;
  const label = t(`strategy.pick.${kind}`);
  if (!formCode) return <Alert type="info" showIcon title={t('strategy.noForm')} />;
  return (
    <>
      <Select
        data-testid={`strategy-${kind}`}
        aria-label={label}
        placeholder={label}
        style={{ width: '100%' }}
        loading={fields.status === 'loading'}
        value={value}
        onChange={(field: string) => dispatch(setAssignee(node.id, { kind, field }))}
        options={[
          ...fieldOptions(list, all, locale),
          ...(value && !list.some((f) => f.path === value) ? [{ value, label: t('strategy.unknownField', { field: value }) }] : []),
        ]}
        notFoundContent={t(kind === 'fieldDeptLeader' ? 'strategy.noDeptFields' : 'strategy.noUserFields')}
      />
    </>
  );
}

function PicksEditor({ node, kind, dispatch }: { node: ProcessNode; kind: 'applicantPicks' | 'previousPicks'; dispatch: Dispatch }) {
  const { t } = useDrawer();
  const s = node.assignee?.kind === kind ? node.assignee : { kind, multiple: undefined, candidates: undefined };
  const multiple = s.multiple === true;
  const candidates = s.candidates ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Checkbox
        data-testid="strategy-picks-multiple"
        checked={multiple}
        onChange={(e) => dispatch(setAssignee(node.id, picksStrategy(kind, e.target.checked, candidates)))}
      >
        {t('strategy.picks.multiple')}
      </Checkbox>
      <Typography.Text>{t('strategy.picks.candidates')}</Typography.Text>
      <UserPicker
        value={candidates}
        label={t('strategy.picks.candidates')}
        testId="strategy-picks-candidates"
        placeholder={t('strategy.picks.anyone')}
        onChange={(ids) => dispatch(setAssignee(node.id, picksStrategy(kind, multiple, ids)))}
      />
    </Space>
  );
}

/** The strategy section of an approve or cc node. */
export function StrategyEditor({ node, dispatch }: { node: ProcessNode; dispatch: Dispatch }) {
  const { t, options, fields, reload } = useDrawer();
  // the kind chosen while its picker is still empty (the node then has no strategy)
  const [pending, setPending] = useState<{ node: string; kind: ApproverStrategyKind } | null>(null);
  const kind: ApproverStrategyKind | undefined = node.assignee?.kind ?? (pending?.node === node.id ? pending.kind : undefined);

  const pick = (k: ApproverStrategyKind) => {
    setPending({ node: node.id, kind: k });
    if (k === node.assignee?.kind) return;
    const all = fields.status === 'ready' ? fields.data : [];
    const only = k === 'fieldDeptLeader' ? deptFields(all) : k === 'fieldUser' ? userFields(all) : [];
    dispatch(setAssignee(node.id, initialStrategy(k, only.length === 1 ? only[0].path : undefined) ?? undefined));
  };

  const picker = () => {
    if (!kind) return null;
    if ((LIST_KINDS as readonly string[]).includes(kind) || kind === 'matrix') {
      if (kind !== 'users' && options.status !== 'ready')
        return options.status === 'loading' ? (
          <Typography.Text type="secondary">{t('drawer.loading')}</Typography.Text>
        ) : (
          <Alert
            type="error"
            showIcon
            title={options.message}
            action={
              <Button size="small" onClick={reload}>
                {t('drawer.retry')}
              </Button>
            }
          />
        );
      const opts = options.status === 'ready' ? options.data : { roles: [], posts: [], departments: [], groups: [], matrices: [] };
      if (kind === 'matrix') return <MatrixPicker key={node.id} node={node} dispatch={dispatch} options={opts} />;
      return <CodeListPicker node={node} kind={kind as ListKind} dispatch={dispatch} options={opts} />;
    }
    switch (kind) {
      case 'leaderChain':
        return (
          <Form.Item label={t('strategy.levels')} extra={t('strategy.levelsHint')} style={{ marginBottom: 0 }}>
            <InputNumber
              data-testid="strategy-levels"
              aria-label={t('strategy.levels')}
              min={1}
              max={10}
              precision={0}
              value={node.assignee?.kind === 'leaderChain' ? node.assignee.levels : 1}
              onChange={(v) => typeof v === 'number' && v >= 1 && v <= 10 && dispatch(setAssignee(node.id, { kind: 'leaderChain', levels: v }))}
            />
          </Form.Item>
        );
      case 'fieldDeptLeader':
      case 'fieldUser':
        return <FieldPicker node={node} kind={kind} dispatch={dispatch} />;
      case 'applicantPicks':
      case 'previousPicks':
        return <PicksEditor node={node} kind={kind} dispatch={dispatch} />;
      case 'expression':
        return <ExpressionBuilder node={node} dispatch={dispatch} />;
      default:
        return null;
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="strategy-editor" data-kind={kind ?? ''}>
      <Form.Item label={node.type === 'cc' ? t('strategy.whoCc') : t('strategy.who')} style={{ marginBottom: 4 }}>
        <Select<ApproverStrategyKind>
          data-testid="strategy-kind"
          aria-label={node.type === 'cc' ? t('strategy.whoCc') : t('strategy.who')}
          style={{ width: '100%' }}
          placeholder={t('strategy.choose')}
          virtual={false}
          listHeight={400}
          value={kind}
          onChange={pick}
          options={APPROVER_STRATEGIES.map((k) => ({ value: k, label: t(`strategy.kinds.${k}`) }))}
        />
      </Form.Item>
      {kind && (
        <Typography.Text type="secondary" data-testid="strategy-hint">
          {t(`strategy.hints.${kind}`)}
        </Typography.Text>
      )}
      {picker()}
      {!node.assignee && <Alert type="warning" showIcon data-testid="strategy-missing" title={kind ? t('strategy.incomplete') : t('strategy.missing')} />}
    </Space>
  );
}

export type { ApproverStrategy };
