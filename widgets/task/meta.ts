import { FIELD_TYPES } from '../../schemas';
import { defineMeta, PICKER_PROPERTIES } from '../shared/meta';

export const meta = defineMeta({ info: FIELD_TYPES.TASK, icon: 'CarryOutOutlined', properties: PICKER_PROPERTIES, defaults: { width: 12 } });
