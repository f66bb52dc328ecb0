import { COMPONENT_TYPES } from '../../schemas';
import { makePickerWidget } from '../shared/pickerWidget';

/** Chain System: a remote picker over its master data. */
export const { Widget } = makePickerWidget(COMPONENT_TYPES.CHAIN_SYSTEM);
