import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.TEXT,
  icon: 'FontSizeOutlined',
  properties: [...COMMON_PROPERTIES, 'length', 'placeholder', 'default', 'unique'],
  defaults: { width: 12 },
});
