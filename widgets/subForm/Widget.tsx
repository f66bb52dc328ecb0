import { useCallback } from 'react';
import type { SubFormRow } from '../../schemas';
import type { WidgetProps } from '../types';
import { useWidgetT } from '../i18n';
import { useCellHost } from '../form/cells';
import { DetailTable } from '../form/DetailTable';
import { useFieldStore } from '../form/localSource';

/**
 * Sub-form (99997) as a value-based widget, for hosts that hold the rows themselves (the interop
 * theme of widgets/): the form renderer's detail table over a local store of the rows — add and delete
 * rows, column totals, cell errors from the host (`errors` by `<key>.<row>.<column>`). Forms of
 * the runtime draw the same table over the engine's field model instead (widgets/form). The
 * cells' widgets come from the hosting renderer's CellHostContext (the registry).
 */
export function Widget(props: WidgetProps<SubFormRow[]>) {
  return <SubFormTable {...props} />;
}

export function SubFormTable({
  field,
  value,
  onChange,
  locale,
  services,
  readOnly,
  disabled,
  required,
  error,
  errors,
  view,
}: WidgetProps<SubFormRow[]> & { view?: boolean }) {
  const t = useWidgetT(locale);
  const cells = useCellHost();
  const emit = useCallback((rows: unknown) => onChange?.(Array.isArray(rows) && rows.length ? (rows as SubFormRow[]) : undefined), [onChange]);
  const source = useFieldStore({
    field,
    value,
    onChange: emit,
    state: { editable: !view && !readOnly && !disabled && !field.readonly, required: !!(required ?? field.required) },
    errors: error ? { ...errors, [field.key]: error } : errors,
  });
  if (!cells) {
    return (
      <div role="alert" data-testid={`field-${field.key}`}>
        {t('field.noCellHost')}
      </div>
    );
  }
  return <DetailTable source={source} field={field} locale={locale} services={services} cells={cells} forceView={view} />;
}
