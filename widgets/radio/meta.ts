import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';

export const meta = defineMeta({
  info: FIELD_TYPES.RADIO,
  icon: 'CheckCircleOutlined',
  // a row of radios: no input border
  placeholder: { height: 32, bordered: false, phoneHeight: 22 },
  properties: [...COMMON_PROPERTIES, 'options', 'default'],
  defaults: {
    width: 12,
    options: [
      { value: '1', label: { 'zh-CN': '是', 'en-US': 'Yes', 'zh-TW': '是' } },
      { value: '0', label: { 'zh-CN': '否', 'en-US': 'No', 'zh-TW': '否' } },
    ],
  },
});
