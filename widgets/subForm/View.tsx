import type { SubFormRow } from '../../schemas';
import type { ViewProps } from '../types';
import { SubFormTable } from './Widget';

/** The rows read-only, each cell drawn by its column's View, with the column totals. */
export function View(props: ViewProps<SubFormRow[]>) {
  return (
    <SubFormTable
      id={`view-${props.field.key}`}
      field={props.field}
      value={props.value}
      onChange={() => undefined}
      locale={props.locale}
      services={props.services}
      view
    />
  );
}
