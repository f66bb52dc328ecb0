import type { TierRow } from '../../schemas';
import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { formatDecimal } from '../format';
import { useWidgetT } from '../i18n';

/** The tiers as a table: `[from, to)` → value, formatted with the field's precision. */
export function View({ field, value, locale }: ViewProps<TierRow[]>) {
  const t = useWidgetT(locale);
  if (!value || value.length === 0) return <EmptyValue locale={locale} />;
  const p = field.precision ?? 2;
  return (
    <table className="fw-view fw-tier-view" style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'start', paddingInlineEnd: 16 }}>
            {t('tier.range')}
          </th>
          <th scope="col" style={{ textAlign: 'end' }}>
            {t('tier.value')}
          </th>
        </tr>
      </thead>
      <tbody>
        {value.map((r, i) => (
          <tr key={i}>
            <td style={{ paddingInlineEnd: 16 }}>
              {r.to === null ? t('tier.andAbove', { from: formatDecimal(r.from, p) }) : `${formatDecimal(r.from, p)} – ${formatDecimal(r.to, p)}`}
            </td>
            <td style={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>{formatDecimal(r.value, p)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
