import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.DECIMAL,
  icon: 'FieldNumberOutlined',
  properties: [...COMMON_PROPERTIES, 'placeholder', 'default', 'precision', 'min', 'max', 'money', 'length'],
  defaults: { width: 12, precision: 2 },
});
