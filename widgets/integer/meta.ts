import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.INTEGER,
  icon: 'NumberOutlined',
  properties: [...COMMON_PROPERTIES, 'placeholder', 'default', 'min', 'max', 'length'],
  defaults: { width: 12 },
});
