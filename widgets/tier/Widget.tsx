import { Button, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TierRow } from '../../schemas';
import type { WidgetProps } from '../types';
import { groupAria } from '../shared/aria';
import { useWidgetT } from '../i18n';
import { isDecimalTyping } from '../format';
import { validateTiers } from './validateTiers';

type Col = 'from' | 'to' | 'value';

/**
 * Tier (84): an editable table of [from, to) → value tiers. Numbers are decimal strings; a
 * gap or an overlap between consecutive tiers is shown on the row at once.
 */
export function Widget(props: WidgetProps<TierRow[]>) {
  const { id, field, value, onChange, disabled, readOnly, locale } = props;
  const t = useWidgetT(locale);
  const rows = value ?? [];
  const ro = readOnly || field.readonly || disabled;
  const precision = field.precision ?? 2;
  const problems = validateTiers(rows);
  const problemOf = (i: number) => problems.filter((p) => p.row === i).map((p) => t(`tier.${p.kind}`, { previous: (p.previous ?? 0) + 1 }));

  const set = (i: number, col: Col, text: string) => {
    if (!isDecimalTyping(text, precision)) return;
    const next = rows.map((r, k) => (k === i ? { ...r, [col]: col === 'to' && text === '' ? null : text } : r));
    onChange(next);
  };
  const add = () => {
    const last = rows[rows.length - 1];
    const from = last ? (last.to ?? '') : '0';
    const fixedLast = last && last.to === null ? rows.slice(0, -1).concat({ ...last, to: '' }) : rows;
    onChange([...fixedLast, { from, to: null, value: '' }]);
  };
  const remove = (i: number) => {
    const next = rows.filter((_, k) => k !== i);
    onChange(next.length ? next : undefined);
  };
  const cell = (i: number, col: Col, r: TierRow) => {
    const v = r[col];
    const cellId = `${id}-${i}-${col}`;
    return (
      <td style={{ padding: 4 }}>
        <label htmlFor={cellId} className="fw-sr-only" style={srOnly}>
          {t('tier.rowColumn', { row: i + 1, column: t(`tier.${col}`) })}
        </label>
        <Input
          id={cellId}
          inputMode="decimal"
          value={v ?? ''}
          placeholder={col === 'to' ? t('tier.openEnded') : undefined}
          readOnly={ro}
          disabled={disabled}
          aria-invalid={problemOf(i).length > 0 || undefined}
          aria-describedby={problemOf(i).length ? `${id}-${i}-problem` : undefined}
          onChange={(e) => set(i, col, e.target.value.trim())}
        />
      </td>
    );
  };

  return (
    <div id={id} {...groupAria(props)} data-testid={`tier-${field.key}`}>
      <table className="fw-tier" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th scope="col" style={th}>
              #
            </th>
            <th scope="col" style={th}>
              {t('tier.from')}
            </th>
            <th scope="col" style={th}>
              {t('tier.to')}
            </th>
            <th scope="col" style={th}>
              {t('tier.value')}
            </th>
            {ro ? null : (
              <th scope="col" style={th}>
                {t('tier.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const msgs = problemOf(i);
            return (
              <tr key={i} data-testid={`tier-row-${i}`} style={msgs.length ? { background: '#fff1f0' } : undefined}>
                <td style={{ padding: 4, width: 32 }}>{i + 1}</td>
                {cell(i, 'from', r)}
                {cell(i, 'to', r)}
                {cell(i, 'value', r)}
                {ro ? null : (
                  <td style={{ padding: 4, width: 48 }}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden="true" />}
                      aria-label={t('tier.remove', { row: i + 1 })}
                      onClick={() => remove(i)}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.map((_, i) =>
        problemOf(i).length ? (
          <div key={i} id={`${id}-${i}-problem`} role="alert" style={{ color: '#cf1322', fontSize: 12 }} data-testid={`tier-problem-${i}`}>
            {t('tier.rowProblem', { row: i + 1, problem: problemOf(i).join('；') })}
          </div>
        ) : null,
      )}
      {ro ? null : (
        <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={add} style={{ marginTop: 8 }}>
          {t('tier.add')}
        </Button>
      )}
    </div>
  );
}

const th = { textAlign: 'start', padding: 4, borderBottom: '1px solid #f0f0f0', fontWeight: 500 } as const;
export const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0,0,0,0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
