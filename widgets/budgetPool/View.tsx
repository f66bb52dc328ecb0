import type { PickerValue } from '../../schemas';
import type { ViewProps } from '../types';
import { PickerView, type PickerFieldValue } from '../shared/pickerWidget';
import { Remaining } from './Remaining';

export function View(props: ViewProps<PickerFieldValue>) {
  const first: PickerValue | undefined = Array.isArray(props.value) ? props.value[0] : props.value;
  return (
    <>
      <PickerView {...props} />
      <Remaining poolId={first?.id} services={props.services} locale={props.locale} />
    </>
  );
}
