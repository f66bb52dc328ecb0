import { COMPONENT_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({ info: COMPONENT_TYPES.MAP, icon: 'CompassOutlined', properties: [...COMMON_PROPERTIES, 'default'] });
