import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.SELECT,
  icon: 'DownSquareOutlined',
  properties: [...COMMON_PROPERTIES, 'options', 'placeholder', 'default'],
  defaults: {
    width: 12,
    options: [
      { value: '1', label: { 'zh-CN': '选项一', 'en-US': 'Option 1', 'zh-TW': '選項一' } },
      { value: '2', label: { 'zh-CN': '选项二', 'en-US': 'Option 2', 'zh-TW': '選項二' } },
    ],
  },
});
