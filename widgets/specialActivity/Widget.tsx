import { FIELD_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Special Activity: a remote picker over its master data. */
export const { Widget } = makePickerWidget(FIELD_TYPES.SPECIAL_ACTIVITY);
