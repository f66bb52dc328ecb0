import { FIELD_TYPES, type PickerValue } from '../../schemas';
import type { WidgetProps } from '../types';
import { makePickerWidget, type PickerFieldValue } from '../shared/pickerWidget';
import { Remaining } from './Remaining';

const Picker = makePickerWidget(FIELD_TYPES.BUDGET_POOL).Widget;

/** Budget pool (68): a picker that shows the picked pool's remaining amount. */
export function Widget(props: WidgetProps<PickerFieldValue>) {
  const first: PickerValue | undefined = Array.isArray(props.value) ? props.value[0] : props.value;
  return (
    <>
      <Picker {...props} />
      <Remaining poolId={first?.id} services={props.services} locale={props.locale} />
    </>
  );
}
