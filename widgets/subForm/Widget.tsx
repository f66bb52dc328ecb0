import { useState } from 'react';
import type { SubFormRow } from '../../schemas';
import type { WidgetProps } from '../types';
import { SubFormTable } from './SubFormTable';

/**
 * Sub-form (99997): an editable detail table — add, copy and delete rows, per-row errors
 * (required columns, and `errors` from the host by `<row _id>.<column>`), column totals.
 * A host `error` (e.g. after a failed submit) shows the required errors of every row.
 */
export function Widget(props: WidgetProps<SubFormRow[]>) {
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  return (
    <div id={props.id} tabIndex={-1} role="group" aria-labelledby={`${props.id}-label`} aria-describedby={props.error ? `${props.id}-error` : undefined}>
      <SubFormTable
        id={props.id}
        field={props.field}
        rows={props.value ?? []}
        locale={props.locale}
        services={props.services}
        mode="edit"
        onChange={props.onChange}
        disabled={props.disabled}
        readOnly={props.readOnly}
        errors={props.errors}
        showAllErrors={!!props.error}
        touched={touched}
        onTouch={(k) => setTouched((s) => (s.has(k) ? s : new Set(s).add(k)))}
      />
    </div>
  );
}
