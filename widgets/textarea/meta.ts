import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.TEXTAREA,
  icon: 'AlignLeftOutlined',
  properties: [...COMMON_PROPERTIES, 'length', 'placeholder', 'default'],
  // a plain 3-row box until focused (Widget.tsx)
  // (a phone's 16 px text makes the 3 rows taller)
  placeholder: { height: 76, bordered: true, phoneHeight: 92 },
});
