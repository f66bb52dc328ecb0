import { FIELD_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Task: a remote picker over its master data. */
export const { Widget } = makePickerWidget(FIELD_TYPES.TASK);
