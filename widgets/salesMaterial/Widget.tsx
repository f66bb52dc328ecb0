import { COMPONENT_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Sales Material: a remote picker over its master data. */
export const { Widget } = makePickerWidget(COMPONENT_TYPES.SALES_MATERIAL);
