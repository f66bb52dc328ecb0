import { FIELD_TYPES } from '../../schemas';
import { defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.DIVIDER,
  icon: 'LineOutlined',
  properties: ['label', 'key', 'hidden'],
  defaults: { label: { 'zh-CN': '基本信息', 'en-US': 'Basic information', 'zh-TW': '基本信息' } },
  // a section title across the form, no value
  layout: 'full-row',
});
