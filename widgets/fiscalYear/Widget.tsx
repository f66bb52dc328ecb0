import { FIELD_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Fiscal Year: a remote picker over its master data. */
export const { Widget } = makePickerWidget(FIELD_TYPES.FISCAL_YEAR);
