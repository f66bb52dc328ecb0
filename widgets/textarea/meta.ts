import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.TEXTAREA,
  icon: 'AlignLeftOutlined',
  properties: [...COMMON_PROPERTIES, 'length', 'placeholder', 'default'],
  // a plain 3-row box until focused (Widget.tsx)
  placeholder: { height: 76, bordered: true },
});
