import { FIELD_TYPES } from '../../schemas';
import { defineMeta, PICKER_PROPERTIES } from '../shared/meta';

export const meta = defineMeta({ info: FIELD_TYPES.BUDGET_POOL, icon: 'PropertySafetyOutlined', properties: PICKER_PROPERTIES, defaults: { width: 12 } });
