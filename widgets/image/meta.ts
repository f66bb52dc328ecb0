import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';
import { DEFAULT_FILE_RULES } from '../shared/fileRules';

export const meta = defineMeta({
  info: FIELD_TYPES.IMAGE,
  icon: 'PictureOutlined',
  properties: [...COMMON_PROPERTIES, 'file'],
  defaults: {
    file: { maxSizeMb: DEFAULT_FILE_RULES.image.maxSizeMb, maxCount: DEFAULT_FILE_RULES.image.maxCount, accept: [...DEFAULT_FILE_RULES.image.accept] },
  },
});
