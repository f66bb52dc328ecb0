import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.TIER,
  icon: 'RiseOutlined',
  properties: [...COMMON_PROPERTIES, 'precision', 'default'],
  defaults: { precision: 2 },
});
