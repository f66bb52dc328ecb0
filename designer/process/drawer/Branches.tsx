// A condition node's branches: their priority order (buttons, or Alt+↑/↓ on a focused row),
// which one is the default (exactly one: "make default" moves it), and the selected branch's
// label and condition (the visual builder; a condition it cannot show is displayed read-only
// with a rebuild button, never hand-edited).
import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined } from '@ant-design/icons';
import type { ProcessDefinition, ProcessEdge } from '../../../schemas/process/model';
import type { ProcessCommand } from '../../core/process/command';
import { branchesOf, isPlaceholderCondition, reorderBranches, setDefaultBranch, updateEdge } from '../../core/process/propertyCommands';
import { UNARY_OPS, type RuleCondition } from '../../core/ruleModel';
import type { FormFieldInfo } from './api';
import { fieldLabel, useDrawer } from './context';
import { ConditionGroupEditor } from './ConditionBuilder';
import { textOf, type ProcessT } from './i18n';
import { EMPTY_GROUP, groupComplete, groupToLogic, logicToGroup, type ConditionGroup } from './model';
import type { Locale } from '../../../schemas/constants';

type Dispatch = (cmd: ProcessCommand) => void;

function valueText(c: RuleCondition, f: FormFieldInfo | undefined, locale: Locale): string {
  const one = (v: unknown) => {
    const o = f?.options?.find((x) => String(x.value) === String(v));
    return o ? textOf(o.label, locale) : String(v);
  };
  return Array.isArray(c.value) ? c.value.map(one).join(', ') : one(c.value ?? '');
}

/** A condition in words: "申请金额 大于 10000 且 费用类型 等于 促销费". */
export function describeGroup(g: ConditionGroup, fields: readonly FormFieldInfo[], t: ProcessT, locale: Locale): string {
  if (g.conditions.length === 0) return t('condition.none');
  const parts = g.conditions.map((c) => {
    const f = fields.find((x) => x.path === c.field);
    const name = f ? fieldLabel(f, fields, locale) : c.field || '?';
    return UNARY_OPS.has(c.op) ? `${name} ${t(`condition.ops.${c.op}`)}` : `${name} ${t(`condition.ops.${c.op}`)} ${valueText(c, f, locale)}`;
  });
  return parts.join(` ${t(g.combinator === 'and' ? 'condition.andWord' : 'condition.orWord')} `);
}

export function branchName(def: ProcessDefinition, e: ProcessEdge, t: ProcessT, locale: Locale): string {
  const target = def.nodes.find((n) => n.id === e.target);
  return e.label || t('condition.toNode', { name: target ? textOf(target.name, locale) : e.target });
}

/** The branch's state: default, incomplete (placeholder, empty rows) or a condition the builder cannot show. */
function branchState(e: ProcessEdge): 'default' | 'incomplete' | 'custom' | 'ok' {
  if (e.condition === undefined) return 'default';
  if (isPlaceholderCondition(e.condition)) return 'incomplete';
  const g = logicToGroup(e.condition);
  if (!g) return 'custom';
  return groupComplete(g) ? 'ok' : 'incomplete';
}

export function BranchList({
  definition,
  nodeId,
  selected,
  onSelect,
  dispatch,
}: {
  definition: ProcessDefinition;
  nodeId: string;
  selected: string | null;
  onSelect: (edgeId: string) => void;
  dispatch: Dispatch;
}) {
  const { t, locale, fields } = useDrawer();
  const branches = branchesOf(definition, nodeId);
  const conditional = branches.filter((e) => e.condition !== undefined);
  const dflt = branches.find((e) => e.condition === undefined);
  const focusAfter = useRef<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    listRef.current?.querySelector<HTMLElement>(`[data-branch="${CSS.escape(focusAfter.current)}"]`)?.focus();
    focusAfter.current = null;
  });
  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= conditional.length) return;
    const order = conditional.map((e) => e.id);
    [order[i], order[j]] = [order[j], order[i]];
    focusAfter.current = order[j];
    dispatch(reorderBranches(nodeId, dflt ? [...order, dflt.id] : order));
  };
  const all = fields.status === 'ready' ? fields.data : [];
  const row = (e: ProcessEdge, i: number | null) => {
    const state = branchState(e);
    const group = e.condition !== undefined ? logicToGroup(e.condition) : null;
    return (
      <div
        key={e.id}
        role="listitem"
        tabIndex={0}
        data-branch={e.id}
        data-testid={`branch-${e.id}`}
        data-selected={selected === e.id}
        aria-current={selected === e.id ? 'true' : undefined}
        aria-label={t('condition.branchAria', { n: i === null ? branches.length : i + 1, name: branchName(definition, e, t, locale) })}
        className="fw-process-branch"
        style={{
          border: `1px solid ${selected === e.id ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-border, #d9d9d9)'}`,
          borderRadius: 6,
          padding: 8,
          marginBottom: 6,
          outlineOffset: 2,
        }}
        onKeyDown={(ev) => {
          if (ev.target !== ev.currentTarget) return;
          if (ev.altKey && ev.key === 'ArrowUp' && i !== null) {
            ev.preventDefault();
            move(i, -1);
          } else if (ev.altKey && ev.key === 'ArrowDown' && i !== null) {
            ev.preventDefault();
            move(i, 1);
          } else if (ev.key === 'Enter' || ev.key === ' ') {
            ev.preventDefault();
            onSelect(e.id);
          }
        }}
      >
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space wrap>
            <Tag>{i === null ? t('condition.last') : t('condition.priority', { n: i + 1 })}</Tag>
            <Typography.Text strong>{branchName(definition, e, t, locale)}</Typography.Text>
            {state === 'default' && <Tag color="blue">{t('condition.default')}</Tag>}
            {state === 'incomplete' && <Tag color="warning">{t('condition.incomplete')}</Tag>}
            {state === 'custom' && <Tag color="purple">{t('condition.custom')}</Tag>}
          </Space>
          <Space>
            {i !== null && (
              <>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('condition.moveUp')}
                  data-testid={`branch-${e.id}-up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('condition.moveDown')}
                  data-testid={`branch-${e.id}-down`}
                  disabled={i === conditional.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button size="small" data-testid={`branch-${e.id}-default`} onClick={() => dispatch(setDefaultBranch(e.id))}>
                  {t('condition.makeDefault')}
                </Button>
              </>
            )}
            <Button size="small" icon={<EditOutlined />} data-testid={`branch-${e.id}-edit`} onClick={() => onSelect(e.id)}>
              {t('condition.edit')}
            </Button>
          </Space>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {state === 'default' ? t('condition.defaultExplain') : group ? describeGroup(group, all, t, locale) : t('condition.customExplain')}
        </Typography.Paragraph>
      </div>
    );
  };
  return (
    <div data-testid="branch-list">
      <Typography.Paragraph type="secondary">{t('condition.orderHint')}</Typography.Paragraph>
      <div role="list" ref={listRef} aria-label={t('condition.branches')}>
        {conditional.map((e, i) => row(e, i))}
        {dflt && row(dflt, null)}
      </div>
      {branches.length < 2 && <Alert type="warning" showIcon title={t('condition.tooFew')} />}
    </div>
  );
}

/** One branch: its label, and its condition (or the default's explanation). */
export function BranchEditor({ definition, edge, dispatch }: { definition: ProcessDefinition; edge: ProcessEdge; dispatch: Dispatch }) {
  const { t, locale } = useDrawer();
  const source = definition.nodes.find((n) => n.id === edge.source);
  if (source?.type !== 'condition')
    return (
      <Form.Item label={t('condition.label')} extra={t('condition.labelHint')}>
        <Input
          data-testid="branch-label"
          aria-label={t('condition.label')}
          maxLength={100}
          value={edge.label ?? ''}
          onChange={(e) => dispatch(updateEdge(edge.id, { label: e.target.value }))}
        />
      </Form.Item>
    );
  const group = edge.condition !== undefined ? logicToGroup(edge.condition) : null;
  const save = (g: ConditionGroup) => dispatch(updateEdge(edge.id, { condition: groupToLogic(g) }));
  return (
    <Card size="small" data-testid={`branch-editor-${edge.id}`} title={t('condition.editing', { name: branchName(definition, edge, t, locale) })}>
      <Form.Item label={t('condition.label')} extra={t('condition.labelHint')} style={{ marginBottom: 12 }}>
        <Input
          data-testid="branch-label"
          aria-label={t('condition.label')}
          maxLength={100}
          placeholder={branchName(definition, { ...edge, label: undefined }, t, locale)}
          value={edge.label ?? ''}
          onChange={(e) => dispatch(updateEdge(edge.id, { label: e.target.value }))}
        />
      </Form.Item>
      {edge.condition === undefined ? (
        <Alert type="info" showIcon title={t('condition.defaultExplain')} data-testid="branch-default" />
      ) : group ? (
        <>
          <ConditionGroupEditor group={group} onChange={save} testId="branch-condition" />
          {!groupComplete(group) && (
            <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('condition.incompleteExplain')} data-testid="branch-incomplete" />
          )}
        </>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('condition.customExplain')} />
          <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap' }} data-testid="branch-custom-json">
            {JSON.stringify(edge.condition, null, 2)}
          </Typography.Paragraph>
          <Button data-testid="branch-rebuild" onClick={() => save(EMPTY_GROUP)}>
            {t('condition.rebuild')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
