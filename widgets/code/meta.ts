import { CODE_MAX_LENGTH, FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.CODE,
  icon: 'BarcodeOutlined',
  properties: [...COMMON_PROPERTIES, 'placeholder', 'length'],
  defaults: { width: 12, unique: true, length: CODE_MAX_LENGTH },
});
