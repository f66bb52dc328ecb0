import { COMPONENT_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Channel 1: a remote picker over its master data. */
export const { Widget } = makePickerWidget(COMPONENT_TYPES.CHANNEL_1);
