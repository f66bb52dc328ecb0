import { COMPONENT_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Dealer: a remote picker over its master data. */
export const { Widget } = makePickerWidget(COMPONENT_TYPES.DEALER);
