import { COMPONENT_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Series: a remote picker over its master data. */
export const { Widget } = makePickerWidget(COMPONENT_TYPES.SERIES);
