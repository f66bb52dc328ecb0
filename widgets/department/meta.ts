import { FIELD_TYPES } from '../../schemas';
import { defineMeta, PICKER_PROPERTIES } from '../shared/meta';

export const meta = defineMeta({ info: FIELD_TYPES.DEPARTMENT, icon: 'ApartmentOutlined', properties: PICKER_PROPERTIES, defaults: { width: 12 } });
