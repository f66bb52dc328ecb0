import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.RICH_TEXT,
  icon: 'FileTextOutlined',
  properties: [...COMMON_PROPERTIES, 'length', 'placeholder', 'default'],
});
