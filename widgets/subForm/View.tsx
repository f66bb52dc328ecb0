import type { SubFormRow } from '../../schemas';
import type { ViewProps } from '../types';
import { SubFormTable } from './SubFormTable';

/** The rows read-only, each cell drawn by its column's View, with the column totals. */
export function View(props: ViewProps<SubFormRow[]>) {
  return <SubFormTable id={`view-${props.field.key}`} field={props.field} rows={props.value ?? []} locale={props.locale} services={props.services} mode="view" />;
}
