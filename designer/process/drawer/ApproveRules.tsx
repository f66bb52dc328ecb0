// How an approve node's people decide and what the node allows: the approve method (+ ratio),
// the empty-approver rule (+ the user), skips, comment/signature required, the timeout, the
// return and resubmit rules and the optional actions. Each label says what it does in plain
// words, with a hint line where the rule is subtle.
import type { ReactNode } from 'react';
import { Checkbox, Form, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import {
  APPROVE_METHODS,
  EMPTY_APPROVER_RULES,
  NODE_ACTIONS,
  RESUBMIT_RULES,
  RETURN_TARGETS,
  TIMEOUT_ACTIONS,
  type ApproveMethod,
  type EmptyApproverRule,
  type NodeAction,
  type ProcessNode,
  type ResubmitRule,
  type ReturnTarget,
  type TimeoutAction,
} from '../../../schemas/process/model';
import type { ProcessCommand } from '../../core/process/command';
import { updateNode } from '../../core/process/propertyCommands';
import { UserPicker, useDrawer } from './context';

type Dispatch = (cmd: ProcessCommand) => void;

function Section({ title, hint, children, testId }: { title: string; hint?: string; children: ReactNode; testId: string }) {
  return (
    <section data-testid={testId} style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginBottom: 4 }}>
        {title}
      </Typography.Title>
      {hint && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {hint}
        </Typography.Paragraph>
      )}
      {children}
    </section>
  );
}

function Toggle({
  node,
  field,
  dispatch,
}: {
  node: ProcessNode;
  field: 'skipIfApproved' | 'skipApplicant' | 'commentRequired' | 'signatureRequired';
  dispatch: Dispatch;
}) {
  const { t } = useDrawer();
  return (
    <div style={{ marginBottom: 8 }}>
      <Checkbox
        data-testid={`rule-${field}`}
        checked={node[field] === true}
        onChange={(e) => dispatch(updateNode(node.id, { [field]: e.target.checked ? true : undefined }))}
      >
        {t(`drawer.rules.${field}`)}
      </Checkbox>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 24 }}>
          {t(`drawer.rules.${field}Hint`)}
        </Typography.Text>
      </div>
    </div>
  );
}

export function ApproveRules({ node, dispatch }: { node: ProcessNode; dispatch: Dispatch }) {
  const { t } = useDrawer();
  const method: ApproveMethod = node.method ?? 'any';
  const onEmpty: EmptyApproverRule = node.onEmpty ?? 'toAdmin';
  const returnRule = node.returnRule ?? { targets: [] as ReturnTarget[] };
  const timeout = node.timeout;
  const actions = node.actions ?? [];
  return (
    <div data-testid="approve-rules">
      <Section testId="rules-method" title={t('drawer.method.title')} hint={t(`drawer.method.hints.${method}`)}>
        <Radio.Group
          data-testid="rule-method"
          aria-label={t('drawer.method.title')}
          value={method}
          onChange={(e) => dispatch(updateNode(node.id, { method: e.target.value as ApproveMethod }))}
          options={APPROVE_METHODS.map((m) => ({ value: m, label: t(`drawer.method.values.${m}`) }))}
        />
        {method === 'ratio' && (
          <Form.Item label={t('drawer.method.ratio')} style={{ marginTop: 8, marginBottom: 0 }}>
            <InputNumber
              data-testid="rule-ratio"
              aria-label={t('drawer.method.ratio')}
              min={1}
              max={100}
              precision={0}
              suffix="%"
              value={node.ratio ?? 50}
              onChange={(v) => typeof v === 'number' && v >= 1 && v <= 100 && dispatch(updateNode(node.id, { ratio: v }))}
            />
          </Form.Item>
        )}
      </Section>

      <Section testId="rules-empty" title={t('drawer.empty.title')} hint={t('drawer.empty.hint')}>
        <Select<EmptyApproverRule>
          data-testid="rule-onEmpty"
          aria-label={t('drawer.empty.title')}
          style={{ width: '100%' }}
          value={onEmpty}
          onChange={(v) => dispatch(updateNode(node.id, { onEmpty: v }))}
          options={EMPTY_APPROVER_RULES.map((r) => ({ value: r, label: t(`drawer.empty.values.${r}`) }))}
        />
        {onEmpty === 'toUser' && (
          <div style={{ marginTop: 8 }}>
            <UserPicker
              multiple={false}
              value={node.emptyUserId ? [node.emptyUserId] : []}
              label={t('drawer.empty.user')}
              placeholder={t('drawer.empty.user')}
              testId="rule-emptyUser"
              onChange={(ids) => dispatch(updateNode(node.id, { emptyUserId: ids[0] }))}
            />
          </div>
        )}
      </Section>

      <Section testId="rules-skip" title={t('drawer.rules.title')}>
        <Toggle node={node} field="skipIfApproved" dispatch={dispatch} />
        <Toggle node={node} field="skipApplicant" dispatch={dispatch} />
        <Toggle node={node} field="commentRequired" dispatch={dispatch} />
        <Toggle node={node} field="signatureRequired" dispatch={dispatch} />
      </Section>

      <Section testId="rules-timeout" title={t('drawer.timeout.title')} hint={t('drawer.timeout.hint')}>
        <Space wrap align="center">
          <Switch
            data-testid="rule-timeout"
            aria-label={t('drawer.timeout.enable')}
            checked={!!timeout}
            onChange={(on) => dispatch(updateNode(node.id, { timeout: on ? { hours: 24, action: 'remind', maxReminders: 3 } : undefined }))}
          />
          <span>{t('drawer.timeout.enable')}</span>
        </Space>
        {timeout && (
          <Space wrap style={{ marginTop: 8 }} align="center">
            <span>{t('drawer.timeout.after')}</span>
            <InputNumber
              data-testid="rule-timeout-hours"
              aria-label={t('drawer.timeout.hours')}
              min={0.5}
              max={8760}
              step={1}
              value={timeout.hours}
              onChange={(v) => typeof v === 'number' && v > 0 && v <= 8760 && dispatch(updateNode(node.id, { timeout: { ...timeout, hours: v } }))}
            />
            <span>{t('drawer.timeout.hoursUnit')}</span>
            <Select<TimeoutAction>
              data-testid="rule-timeout-action"
              aria-label={t('drawer.timeout.action')}
              style={{ width: 200 }}
              value={timeout.action}
              onChange={(action) =>
                dispatch(
                  updateNode(node.id, {
                    timeout: action === 'remind' ? { ...timeout, action, maxReminders: timeout.maxReminders ?? 3 } : { hours: timeout.hours, action },
                  }),
                )
              }
              options={TIMEOUT_ACTIONS.map((a) => ({ value: a, label: t(`drawer.timeout.actions.${a}`) }))}
            />
            {timeout.action === 'remind' && (
              <>
                <span>{t('drawer.timeout.maxReminders')}</span>
                <InputNumber
                  data-testid="rule-timeout-max"
                  aria-label={t('drawer.timeout.maxReminders')}
                  min={1}
                  max={100}
                  precision={0}
                  value={timeout.maxReminders}
                  placeholder={t('drawer.timeout.unlimited')}
                  onChange={(v) =>
                    dispatch(
                      updateNode(node.id, {
                        timeout: typeof v === 'number' && v >= 1 ? { ...timeout, maxReminders: v } : { hours: timeout.hours, action: timeout.action },
                      }),
                    )
                  }
                />
              </>
            )}
          </Space>
        )}
      </Section>

      <Section testId="rules-return" title={t('drawer.return.title')} hint={t('drawer.return.hint')}>
        <Checkbox.Group<ReturnTarget>
          data-testid="rule-return-targets"
          value={returnRule.targets}
          onChange={(targets) =>
            dispatch(
              updateNode(node.id, {
                returnRule: targets.length
                  ? { targets: RETURN_TARGETS.filter((x) => targets.includes(x)), resubmit: returnRule.resubmit ?? 'start' }
                  : undefined,
              }),
            )
          }
          options={RETURN_TARGETS.map((r) => ({ value: r, label: t(`drawer.return.targets.${r}`) }))}
        />
        {returnRule.targets.length > 0 && (
          <Form.Item label={t('drawer.return.resubmit')} extra={t('drawer.return.resubmitHint')} style={{ marginTop: 8, marginBottom: 0 }}>
            <Radio.Group
              data-testid="rule-resubmit"
              aria-label={t('drawer.return.resubmit')}
              value={returnRule.resubmit ?? 'start'}
              onChange={(e) => dispatch(updateNode(node.id, { returnRule: { ...returnRule, resubmit: e.target.value as ResubmitRule } }))}
              options={RESUBMIT_RULES.map((r) => ({ value: r, label: t(`drawer.return.resubmitValues.${r}`) }))}
            />
          </Form.Item>
        )}
      </Section>

      <Section testId="rules-actions" title={t('drawer.actions.title')} hint={t('drawer.actions.hint')}>
        <Checkbox.Group<NodeAction>
          data-testid="rule-actions"
          value={actions}
          onChange={(next) => dispatch(updateNode(node.id, { actions: next.length ? NODE_ACTIONS.filter((a) => next.includes(a)) : undefined }))}
          options={NODE_ACTIONS.map((a) => ({ value: a, label: t(`drawer.actions.values.${a}`) }))}
        />
      </Section>
    </div>
  );
}
