import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.DATE,
  icon: 'CalendarOutlined',
  properties: [...COMMON_PROPERTIES, 'placeholder', 'default', 'range', 'withTime'],
  defaults: { width: 12 },
});
