// The visual JSON Logic builder over the bound form's fields, shaped like the form designer's
// rule conditions (designer/form/RulesEditor.tsx): an AND/OR group of "field operator value"
// rows. Numeric fields take a number (compared as numbers), option fields offer their options,
// picker fields (department, employee, dealer …) only "empty / not empty".
import { Alert, Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { UNARY_OPS, type ConditionOp, type RuleCondition } from '../../core/ruleModel';
import type { FormFieldInfo } from './api';
import { fieldOptions, useDrawer } from './context';
import { textOf } from './i18n';
import { conditionComplete, conditionFields, numericValue, opsFor, valueKind, withField, withOp, type Combinator, type ConditionGroup } from './model';

function ValueInput({
  c,
  field,
  onChange,
  testId,
}: {
  c: RuleCondition;
  field: FormFieldInfo | undefined;
  onChange: (c: RuleCondition) => void;
  testId: string;
}) {
  const { t, locale } = useDrawer();
  const kind = valueKind(field);
  const label = t('condition.value');
  if (UNARY_OPS.has(c.op) || kind === 'none') return null;
  if (kind === 'number')
    return (
      <InputNumber<string>
        stringMode
        data-testid={`${testId}-value`}
        aria-label={label}
        placeholder={t('condition.number')}
        style={{ width: 150 }}
        status={conditionComplete(c) ? undefined : 'warning'}
        value={c.value === undefined || c.value === '' ? null : String(c.value)}
        onChange={(v) => onChange({ ...c, value: v === null ? '' : (numericValue(v) ?? '') })}
      />
    );
  if (kind === 'options') {
    const options = (field?.options ?? []).map((o) => ({ value: String(o.value), label: textOf(o.label, locale) }));
    return (
      <Select
        data-testid={`${testId}-value`}
        aria-label={label}
        placeholder={label}
        mode={c.op === 'in' ? 'multiple' : undefined}
        style={{ minWidth: 150 }}
        status={conditionComplete(c) ? undefined : 'warning'}
        value={c.op === 'in' ? (Array.isArray(c.value) ? c.value : []) : c.value === '' ? undefined : (c.value as string)}
        onChange={(value: string | string[]) => onChange({ ...c, value })}
        options={options}
      />
    );
  }
  if (c.op === 'in')
    return (
      <Select
        data-testid={`${testId}-value`}
        aria-label={label}
        placeholder={t('condition.values')}
        mode="tags"
        style={{ minWidth: 150 }}
        value={Array.isArray(c.value) ? c.value : []}
        onChange={(value: string[]) => onChange({ ...c, value })}
        open={false}
      />
    );
  return (
    <Input
      data-testid={`${testId}-value`}
      aria-label={label}
      placeholder={label}
      style={{ width: 150 }}
      status={conditionComplete(c) ? undefined : 'warning'}
      value={String(c.value ?? '')}
      onChange={(e) => onChange({ ...c, value: e.target.value })}
    />
  );
}

function ConditionRow({
  c,
  fields,
  onChange,
  onRemove,
  testId,
  index,
}: {
  c: RuleCondition;
  fields: readonly FormFieldInfo[];
  onChange: (c: RuleCondition) => void;
  onRemove: () => void;
  testId: string;
  index: number;
}) {
  const { t, locale } = useDrawer();
  const usable = conditionFields(fields);
  const field = usable.find((f) => f.path === c.field);
  const ops = opsFor(field);
  return (
    <Space wrap data-testid={testId} data-complete={conditionComplete(c)}>
      <Select
        data-testid={`${testId}-field`}
        aria-label={t('condition.field', { n: index + 1 })}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        placeholder={t('condition.chooseField')}
        value={c.field || undefined}
        status={field || !c.field ? undefined : 'error'}
        onChange={(path: string) =>
          onChange(
            withField(
              c,
              usable.find((f) => f.path === path),
              path,
            ),
          )
        }
        options={[
          ...fieldOptions(usable, fields, locale),
          ...(c.field && !field ? [{ value: c.field, label: t('condition.unknownField', { field: c.field }) }] : []),
        ]}
      />
      <Select<ConditionOp>
        data-testid={`${testId}-op`}
        aria-label={t('condition.op', { n: index + 1 })}
        style={{ width: 130 }}
        value={c.op}
        onChange={(op) => onChange(withOp(c, op))}
        options={ops.map((o) => ({ value: o, label: t(`condition.ops.${o}`) }))}
      />
      <ValueInput c={c} field={field} onChange={onChange} testId={testId} />
      <Button icon={<DeleteOutlined />} aria-label={t('condition.remove', { n: index + 1 })} data-testid={`${testId}-remove`} onClick={onRemove} />
    </Space>
  );
}

/** An AND/OR group of conditions; `onChange` receives every edit (the caller compiles it to JSON Logic). */
export function ConditionGroupEditor({ group, onChange, testId }: { group: ConditionGroup; onChange: (g: ConditionGroup) => void; testId: string }) {
  const { t, fields, formCode, reload } = useDrawer();
  if (!formCode) return <Alert type="info" showIcon title={t('condition.noForm')} />;
  if (fields.status === 'loading') return <Typography.Text type="secondary">{t('drawer.loading')}</Typography.Text>;
  if (fields.status === 'error')
    return (
      <Alert
        type="error"
        showIcon
        title={fields.message}
        action={
          <Button size="small" onClick={reload}>
            {t('drawer.retry')}
          </Button>
        }
      />
    );
  const all = fields.data;
  const usable = conditionFields(all);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Space wrap>
        <Typography.Text>{t('condition.match')}</Typography.Text>
        <Select<Combinator>
          data-testid={`${testId}-combinator`}
          aria-label={t('condition.combinator')}
          style={{ width: 170 }}
          value={group.combinator}
          onChange={(combinator) => onChange({ ...group, combinator })}
          options={[
            { value: 'and', label: t('condition.and') },
            { value: 'or', label: t('condition.or') },
          ]}
        />
      </Space>
      {group.conditions.length === 0 && <Typography.Text type="warning">{t('condition.empty')}</Typography.Text>}
      {group.conditions.map((c, i) => (
        <ConditionRow
          key={i}
          index={i}
          c={c}
          fields={all}
          testId={`${testId}-row-${i}`}
          onChange={(nc) => onChange({ ...group, conditions: group.conditions.map((x, j) => (j === i ? nc : x)) })}
          onRemove={() => onChange({ ...group, conditions: group.conditions.filter((_, j) => j !== i) })}
        />
      ))}
      <Button
        icon={<PlusOutlined />}
        data-testid={`${testId}-add`}
        disabled={usable.length === 0}
        onClick={() => onChange({ ...group, conditions: [...group.conditions, withField({ field: '', op: 'eq' }, usable[0], usable[0].path)] })}
      >
        {t('condition.add')}
      </Button>
      {usable.length === 0 && <Typography.Text type="secondary">{t('condition.noFields')}</Typography.Text>}
    </Space>
  );
}
