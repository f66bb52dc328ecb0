import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.SUB_FORM,
  icon: 'TableOutlined',
  layout: 'block',
  properties: [...COMMON_PROPERTIES, 'fields', 'totals', 'minRows', 'maxRows'],
  defaults: { label: { 'zh-CN': '明细', 'en-US': 'Details', 'zh-TW': '明細' }, fields: [], minRows: 0 },
});
