import { FIELD_TYPES } from '../../schemas';
import { COMMON_PROPERTIES, defineMeta } from '../shared/meta';
import { DEFAULT_FILE_RULES } from '../shared/fileRules';

export const meta = defineMeta({
  info: FIELD_TYPES.ATTACHMENT,
  icon: 'PaperClipOutlined',
  properties: [...COMMON_PROPERTIES, 'file'],
  defaults: { file: { maxSizeMb: DEFAULT_FILE_RULES.attachment.maxSizeMb, maxCount: DEFAULT_FILE_RULES.attachment.maxCount } },
});
