// Linkage rules and formulas, built visually: a rule is conditions (field, operator, value)
// joined by and/or, then actions on target fields; a formula is terms joined by + − × ÷ with
// optional rounding. Both compile to JSON Logic (designer/core). An advanced JSON view edits
// what the builder cannot show.
import { useState } from 'react';
import { Button, Card, Empty, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RULE_ACTIONS, TC, holdsValue, type FieldDefinition, type FormDefinition, type Formula, type LinkageRule, type RuleAction } from '../../schemas';
import {
  CONDITION_OPS,
  UNARY_OPS,
  allPaths,
  chainToFormula,
  columnsOf,
  formulaToChain,
  formulaToJsonLogic,
  formulaToText,
  getField,
  jsonLogicToFormula,
  linkageRuleToModel,
  removeFormula,
  removeRule,
  ruleToLinkageRule,
  splitPath,
  upsertFormula,
  upsertRule,
  type ArithmeticOp,
  type ConditionOp,
  type FormulaChain,
  type FormulaTerm,
  type RuleCondition,
  type RuleModel,
} from '../core';
import { textOf, useDesignerT, type DesignerT } from './i18n';
import { useDefinition, useDesignerStore } from './useDesigner';
import type { Locale } from '../../schemas';

const NUMERIC = new Set<number>([TC.INTEGER, TC.DECIMAL]);

function fieldOptions(def: FormDefinition, locale: Locale, filter: (f: FieldDefinition, path: string) => boolean) {
  return allPaths(def)
    .map((p) => ({ p, f: getField(def, p)! }))
    .filter(({ p, f }) => holdsValue(f.type) && filter(f, p))
    .map(({ p, f }) => {
      const parent = splitPath(p).parent;
      const parentLabel = parent ? `${textOf(getField(def, parent)!.label, locale)} / ` : '';
      return { value: p, label: `${parentLabel}${textOf(f.label, locale)}` };
    });
}

function uniqueId(prefix: string, taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

function JsonEditor({ value, onChange, t, testId }: { value: unknown; onChange: (v: unknown) => void; t: DesignerT; testId: string }) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [bad, setBad] = useState(false);
  return (
    <>
      <Input.TextArea
        data-testid={testId}
        aria-label={t('rules.json')}
        autoSize={{ minRows: 3, maxRows: 14 }}
        style={{ fontFamily: 'monospace' }}
        status={bad ? 'error' : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const v = JSON.parse(e.target.value) as unknown;
            setBad(false);
            onChange(v);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad && <Typography.Text type="danger">{t('rules.badJson')}</Typography.Text>}
    </>
  );
}

function ActionsEditor({
  actions,
  onChange,
  def,
  locale,
  t,
  testId,
}: {
  actions: RuleAction[];
  onChange: (a: RuleAction[]) => void;
  def: FormDefinition;
  locale: Locale;
  t: DesignerT;
  testId: string;
}) {
  const targets = fieldOptions(def, locale, () => true);
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }} data-testid={testId}>
      {actions.map((a, i) => (
        <Space key={i} wrap>
          <Select
            size="small"
            style={{ width: 120 }}
            aria-label={t('rules.action')}
            value={a.action}
            onChange={(action) =>
              onChange(actions.map((x, j) => (j === i ? (action === 'setValue' ? { ...x, action, value: x.value ?? '0' } : { action, target: x.target }) : x)))
            }
            options={RULE_ACTIONS.map((k) => ({ value: k, label: t(`rules.actions.${k}`) }))}
          />
          <Select
            size="small"
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            aria-label={t('rules.target')}
            value={a.target}
            onChange={(target) => onChange(actions.map((x, j) => (j === i ? { ...x, target } : x)))}
            options={targets}
          />
          {a.action === 'setValue' && (
            <Input
              size="small"
              style={{ width: 160 }}
              aria-label={t('rules.value')}
              value={typeof a.value === 'string' || typeof a.value === 'number' ? String(a.value) : JSON.stringify(a.value)}
              onChange={(e) => onChange(actions.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
          )}
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('toolbar.delete')}
            onClick={() => onChange(actions.filter((_, j) => j !== i))}
            disabled={testId.endsWith('then') && actions.length === 1}
          />
        </Space>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => targets[0] && onChange([...actions, { action: 'show', target: targets[0].value }])}>
        {t('rules.addAction')}
      </Button>
    </Space>
  );
}

function parseValue(raw: string, numeric: boolean): string | number {
  if (numeric && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  return raw;
}

function ConditionRow({
  c,
  onChange,
  onRemove,
  def,
  locale,
  t,
}: {
  c: RuleCondition;
  onChange: (c: RuleCondition) => void;
  onRemove: () => void;
  def: FormDefinition;
  locale: Locale;
  t: DesignerT;
}) {
  const fields = fieldOptions(def, locale, (_, p) => !p.includes('.'));
  const f = getField(def, c.field);
  const numeric = !!f && NUMERIC.has(f.type);
  const picker = !!f && !numeric && !f.options && ![TC.TEXT, TC.TEXTAREA, TC.CODE, TC.DATE].includes(f.type as never);
  const ops = CONDITION_OPS.filter((o) => (picker ? UNARY_OPS.has(o) : numeric ? !['contains', 'in'].includes(o) : true));
  return (
    <Space wrap data-testid="rule-condition">
      <Select
        size="small"
        showSearch
        optionFilterProp="label"
        style={{ width: 180 }}
        aria-label={t('rules.field')}
        value={c.field}
        onChange={(field) => onChange({ field, op: 'notEmpty' })}
        options={fields}
      />
      <Select
        size="small"
        style={{ width: 110 }}
        aria-label={t('rules.op')}
        value={c.op}
        onChange={(op: ConditionOp) => onChange(UNARY_OPS.has(op) ? { field: c.field, op } : { ...c, op, value: c.value ?? (op === 'in' ? [] : '') })}
        options={ops.map((o) => ({ value: o, label: t(`rules.ops.${o}`) }))}
      />
      {!UNARY_OPS.has(c.op) &&
        (f?.options && (c.op === 'eq' || c.op === 'ne' || c.op === 'in') ? (
          <Select
            size="small"
            style={{ width: 180 }}
            mode={c.op === 'in' ? 'multiple' : undefined}
            aria-label={t('rules.value')}
            value={c.value as string | string[]}
            onChange={(value) => onChange({ ...c, value })}
            options={f.options.map((o) => ({ value: o.value, label: textOf(o.label, locale) }))}
          />
        ) : (
          <Input
            size="small"
            style={{ width: 140 }}
            aria-label={t('rules.value')}
            data-testid="rule-value"
            value={Array.isArray(c.value) ? c.value.join(',') : String(c.value ?? '')}
            onChange={(e) => onChange({ ...c, value: c.op === 'in' ? e.target.value.split(',') : parseValue(e.target.value, numeric) })}
          />
        ))}
      <Button size="small" icon={<DeleteOutlined />} aria-label={t('toolbar.delete')} onClick={onRemove} />
    </Space>
  );
}

function RuleCard({ rule, def, locale, t }: { rule: LinkageRule; def: FormDefinition; locale: Locale; t: DesignerT }) {
  const store = useDesignerStore();
  const model = linkageRuleToModel(rule);
  const [advanced, setAdvanced] = useState(model === null);
  const save = (m: RuleModel) => store.dispatch(upsertRule(ruleToLinkageRule(m)));
  const fields = fieldOptions(def, locale, (_, p) => !p.includes('.'));
  return (
    <Card
      size="small"
      data-testid={`rule-${rule.id}`}
      title={
        <Input
          size="small"
          variant="borderless"
          aria-label={t('rules.name')}
          placeholder={t('rules.name')}
          value={rule.name ?? ''}
          onChange={(e) => store.dispatch(upsertRule({ ...rule, name: e.target.value || undefined }))}
        />
      }
      extra={
        <Space>
          <span>{t('rules.advanced')}</span>
          <Switch size="small" checked={advanced} disabled={model === null} onChange={setAdvanced} aria-label={t('rules.advanced')} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('toolbar.delete')} onClick={() => store.dispatch(removeRule(rule.id))} />
        </Space>
      }
      style={{ marginBottom: 8 }}
    >
      {advanced || !model ? (
        <JsonEditor
          key={rule.id}
          testId={`rule-json-${rule.id}`}
          value={rule}
          t={t}
          onChange={(v) => v && typeof v === 'object' && 'then' in v && store.dispatch(upsertRule({ ...(v as LinkageRule), id: rule.id }))}
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Typography.Text strong>{t('rules.when')}</Typography.Text>
            <Select
              size="small"
              style={{ width: 140 }}
              aria-label={t('rules.combinator')}
              value={model.combinator}
              onChange={(combinator) => save({ ...model, combinator })}
              options={[
                { value: 'and', label: t('rules.and') },
                { value: 'or', label: t('rules.or') },
              ]}
            />
          </Space>
          {model.conditions.map((c, i) => (
            <ConditionRow
              key={i}
              c={c}
              def={def}
              locale={locale}
              t={t}
              onChange={(nc) => save({ ...model, conditions: model.conditions.map((x, j) => (j === i ? nc : x)) })}
              onRemove={() => save({ ...model, conditions: model.conditions.filter((_, j) => j !== i) })}
            />
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            data-testid="add-condition"
            onClick={() => fields[0] && save({ ...model, conditions: [...model.conditions, { field: fields[0].value, op: 'notEmpty' }] })}
          >
            {t('rules.addCondition')}
          </Button>
          <Typography.Text strong>{t('rules.then')}</Typography.Text>
          <ActionsEditor
            testId={`rule-${rule.id}-then`}
            actions={model.then}
            def={def}
            locale={locale}
            t={t}
            onChange={(then) => then.length && save({ ...model, then })}
          />
          <Typography.Text strong>{t('rules.otherwise')}</Typography.Text>
          <ActionsEditor
            testId={`rule-${rule.id}-otherwise`}
            actions={model.otherwise ?? []}
            def={def}
            locale={locale}
            t={t}
            onChange={(otherwise) => save({ ...model, otherwise })}
          />
        </Space>
      )}
    </Card>
  );
}

function TermEditor({
  term,
  onChange,
  def,
  scope,
  locale,
  t,
}: {
  term: FormulaTerm;
  onChange: (t: FormulaTerm) => void;
  def: FormDefinition;
  scope: string | null;
  locale: Locale;
  t: DesignerT;
}) {
  const numericFields = fieldOptions(def, locale, (f, p) => NUMERIC.has(f.type) && (!p.includes('.') || splitPath(p).parent === scope));
  const columns = def.fields
    .filter((f) => f.type === TC.SUB_FORM)
    .flatMap((s) =>
      columnsOf(s)
        .filter((c) => NUMERIC.has(c.type))
        .map((c) => ({ value: `${s.key}.${c.key}`, label: `${textOf(s.label, locale)} / ${textOf(c.label, locale)}` })),
    );
  return (
    <Space.Compact>
      <Select
        size="small"
        style={{ width: 100 }}
        aria-label={t('formulas.termKind')}
        value={term.kind}
        onChange={(kind) => {
          if (kind === 'number') onChange({ kind: 'number', value: '0' });
          else if (kind === 'field' && numericFields[0]) onChange({ kind: 'field', path: numericFields[0].value });
          else if (kind === 'sum' && columns[0]) onChange({ kind: 'sum', ...splitColumn(columns[0].value) });
          else if (kind === 'count' && columns[0]) onChange({ kind: 'count', subForm: splitColumn(columns[0].value).subForm });
        }}
        options={(['field', 'number', 'sum', 'count'] as const).map((k) => ({ value: k, label: t(`formulas.terms.${k}`) }))}
      />
      {term.kind === 'field' && (
        <Select
          size="small"
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          aria-label={t('formulas.field')}
          value={term.path}
          onChange={(path) => onChange({ kind: 'field', path })}
          options={numericFields}
        />
      )}
      {term.kind === 'number' && (
        <Input
          size="small"
          style={{ width: 100 }}
          aria-label={t('formulas.number')}
          value={term.value}
          onChange={(e) => /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(e.target.value) && onChange({ kind: 'number', value: e.target.value })}
        />
      )}
      {term.kind === 'sum' && (
        <Select
          size="small"
          style={{ width: 200 }}
          aria-label={t('formulas.column')}
          value={`${term.subForm}.${term.column}`}
          onChange={(v) => onChange({ kind: 'sum', ...splitColumn(v) })}
          options={columns}
        />
      )}
      {term.kind === 'count' && (
        <Select
          size="small"
          style={{ width: 160 }}
          aria-label={t('formulas.subForm')}
          value={term.subForm}
          onChange={(subForm) => onChange({ kind: 'count', subForm })}
          options={def.fields.filter((f) => f.type === TC.SUB_FORM).map((f) => ({ value: f.key, label: textOf(f.label, locale) }))}
        />
      )}
    </Space.Compact>
  );
}

function splitColumn(p: string): { subForm: string; column: string } {
  const { parent, key } = splitPath(p);
  return { subForm: parent ?? '', column: key };
}

const OPS: ArithmeticOp[] = ['add', 'sub', 'mul', 'div'];
const OP_SYMBOL: Record<ArithmeticOp, string> = { add: '+', sub: '−', mul: '×', div: '÷' };

function FormulaCard({ formula, def, locale, t }: { formula: Formula; def: FormDefinition; locale: Locale; t: DesignerT }) {
  const store = useDesignerStore();
  const scope = splitPath(formula.target).parent;
  const node = jsonLogicToFormula(formula.expression, scope);
  const chain = node ? formulaToChain(node) : null;
  const [advanced, setAdvanced] = useState(chain === null);
  const targets = fieldOptions(def, locale, (f) => NUMERIC.has(f.type));
  const saveChain = (c: FormulaChain) => store.dispatch(upsertFormula({ ...formula, expression: formulaToJsonLogic(chainToFormula(c), scope) }));
  const labelOf = (p: string) => {
    const f = getField(def, p);
    return f ? textOf(f.label, locale) : p;
  };
  return (
    <Card
      size="small"
      data-testid={`formula-${formula.id}`}
      style={{ marginBottom: 8 }}
      title={
        <Space>
          <span>{t('formulas.target')}</span>
          <Select
            size="small"
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            aria-label={t('formulas.target')}
            value={formula.target}
            onChange={(target) => {
              const newScope = splitPath(target).parent;
              const expression = node && newScope !== scope ? formulaToJsonLogic(node, newScope) : formula.expression;
              store.dispatch(upsertFormula({ ...formula, target, expression }));
            }}
            options={targets}
          />
        </Space>
      }
      extra={
        <Space>
          <span>{t('rules.advanced')}</span>
          <Switch size="small" checked={advanced} disabled={chain === null} onChange={setAdvanced} aria-label={t('rules.advanced')} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('toolbar.delete')} onClick={() => store.dispatch(removeFormula(formula.id))} />
        </Space>
      }
    >
      {advanced || !chain ? (
        <JsonEditor
          key={formula.id}
          testId={`formula-json-${formula.id}`}
          value={formula.expression}
          t={t}
          onChange={(expression) => store.dispatch(upsertFormula({ ...formula, expression }))}
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            {chain.terms.map((term, i) => (
              <Space key={i}>
                {i > 0 && (
                  <Select
                    size="small"
                    style={{ width: 56 }}
                    aria-label={t('formulas.op')}
                    value={chain.ops[i - 1]}
                    onChange={(op) => saveChain({ ...chain, ops: chain.ops.map((o, j) => (j === i - 1 ? op : o)) })}
                    options={OPS.map((o) => ({ value: o, label: OP_SYMBOL[o] }))}
                  />
                )}
                <TermEditor
                  term={term}
                  def={def}
                  scope={scope}
                  locale={locale}
                  t={t}
                  onChange={(nt) => saveChain({ ...chain, terms: chain.terms.map((x, j) => (j === i ? nt : x)) })}
                />
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              data-testid="add-term"
              onClick={() => saveChain({ ...chain, ops: [...chain.ops, 'add'], terms: [...chain.terms, { kind: 'number', value: '0' }] })}
            >
              {t('formulas.addTerm')}
            </Button>
            {chain.terms.length > 1 && (
              <Button size="small" onClick={() => saveChain({ ...chain, ops: chain.ops.slice(0, -1), terms: chain.terms.slice(0, -1) })}>
                {t('formulas.removeTerm')}
              </Button>
            )}
          </Space>
          <Space>
            <span>{t('formulas.round')}</span>
            <InputNumber
              size="small"
              min={0}
              max={8}
              precision={0}
              aria-label={t('formulas.round')}
              value={chain.round ?? null}
              onChange={(v) => saveChain({ ...chain, round: typeof v === 'number' ? v : undefined })}
            />
          </Space>
          <Typography.Text type="secondary" data-testid="formula-text">
            ={' '}
            {formulaToText(chainToFormula(chain), labelOf, {
              sum: t('formulas.fn.sum'),
              count: t('formulas.fn.count'),
              round: t('formulas.fn.round'),
              days: t('formulas.fn.days'),
            })}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}

export function RulesEditor() {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const def = useDefinition();
  const rules = def.rules ?? [];
  const formulas = def.formulas ?? [];
  const mainFields = fieldOptions(def, locale, (_, p) => !p.includes('.'));
  const numericTargets = fieldOptions(def, locale, (f) => NUMERIC.has(f.type));
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0,1fr) minmax(0,1fr)', gap: 16 }} data-testid="rules-editor">
      <section aria-label={t('rules.title')}>
        <Space style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('rules.title')}
          </Typography.Title>
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            data-testid="add-rule"
            disabled={mainFields.length === 0}
            onClick={() =>
              store.dispatch(
                upsertRule(
                  ruleToLinkageRule({
                    id: uniqueId(
                      'rule',
                      rules.map((r) => r.id),
                    ),
                    combinator: 'and',
                    conditions: [{ field: mainFields[0].value, op: 'notEmpty' }],
                    then: [{ action: 'show', target: mainFields[mainFields.length - 1].value }],
                  }),
                ),
              )
            }
          >
            {t('rules.add')}
          </Button>
        </Space>
        {rules.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rules.none')} />}
        {rules.map((r) => (
          <RuleCard key={r.id} rule={r} def={def} locale={locale} t={t} />
        ))}
      </section>
      <section aria-label={t('formulas.title')}>
        <Space style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('formulas.title')}
          </Typography.Title>
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            data-testid="add-formula"
            disabled={numericTargets.length === 0}
            onClick={() => {
              const target = numericTargets.find((o) => !formulas.some((f) => f.target === o.value)) ?? numericTargets[0];
              store.dispatch(
                upsertFormula({
                  id: uniqueId(
                    'formula',
                    formulas.map((f) => f.id),
                  ),
                  target: target.value,
                  expression: '0',
                }),
              );
            }}
          >
            {t('formulas.add')}
          </Button>
        </Space>
        {formulas.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('formulas.none')} />}
        {formulas.map((f) => (
          <FormulaCard key={f.id} formula={f} def={def} locale={locale} t={t} />
        ))}
      </section>
    </div>
  );
}
