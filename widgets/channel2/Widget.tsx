import { COMPONENT_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Channel 2: a remote picker over its master data. */
export const { Widget } = makePickerWidget(COMPONENT_TYPES.CHANNEL_2);
