import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({ info: FIELD_TYPES.CUSTOM, icon: 'ApiOutlined', properties: [...COMMON_PROPERTIES, 'component', 'default'] });
