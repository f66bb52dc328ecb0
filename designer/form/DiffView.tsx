// The difference between two versions, as a list (shown before publishing and in the versions tab).
import { List, Tag, Typography } from 'antd';
import type { FormDefinition } from '../../schemas';
import { getField, isEmptyDiff, type DefinitionDiff } from '../core';
import { textOf, useDesignerT } from './i18n';

export function DiffView({ diff, from, to }: { diff: DefinitionDiff; from: FormDefinition; to: FormDefinition }) {
  const { t, locale } = useDesignerT();
  if (isEmptyDiff(diff)) return <Typography.Text data-testid="diff-empty">{t('diff.none')}</Typography.Text>;
  const labelIn = (def: FormDefinition, path: string) => {
    const f = getField(def, path);
    return f ? `${textOf(f.label, locale)} (${path})` : path;
  };
  const items: { kind: string; color: string; text: string }[] = [
    ...diff.added.map((a) => ({ kind: 'added', color: 'green', text: labelIn(to, a.path) })),
    ...diff.removed.map((r) => ({ kind: 'removed', color: 'red', text: labelIn(from, r.path) })),
    ...diff.renamed.map((r) => ({ kind: 'renamed', color: 'purple', text: `${r.from} → ${r.to}` })),
    ...diff.changed.map((c) => ({ kind: 'changed', color: 'blue', text: `${labelIn(to, c.path)}: ${c.properties.map((p) => t(`props.${p}`)).join('、')}` })),
    ...diff.moved.map((m) => ({ kind: 'moved', color: 'default', text: labelIn(to, m) })),
    ...diff.form.map((f) => ({ kind: 'form', color: 'orange', text: t(`diff.parts.${f}`) })),
  ];
  return (
    <List
      size="small"
      data-testid="diff-view"
      dataSource={items}
      renderItem={(it) => (
        <List.Item data-kind={it.kind}>
          <Tag color={it.color}>{t(`diff.${it.kind}`)}</Tag>
          {it.text}
        </List.Item>
      )}
    />
  );
}
