import { COMPONENT_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Sold To Party: a remote picker over its master data. */
export const { Widget } = makePickerWidget(COMPONENT_TYPES.SOLD_TO_PARTY);
