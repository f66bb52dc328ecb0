import { FIELD_TYPES } from '../../schemas';
import { defineMeta, PICKER_PROPERTIES } from '../shared/meta';

export const meta = defineMeta({ info: FIELD_TYPES.POTENTIAL_CUSTOMER, icon: 'UserAddOutlined', properties: PICKER_PROPERTIES, defaults: { width: 12 } });
