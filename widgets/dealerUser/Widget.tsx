import { FIELD_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Dealer User: a remote picker over its master data. */
export const { Widget } = makePickerWidget(FIELD_TYPES.DEALER_USER);
