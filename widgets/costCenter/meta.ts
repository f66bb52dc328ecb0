import { COMPONENT_TYPES } from '../../schemas';
import { defineMeta, PICKER_PROPERTIES } from '../shared/meta';

export const meta = defineMeta({ info: COMPONENT_TYPES.COST_CENTER, icon: 'FundOutlined', properties: PICKER_PROPERTIES, defaults: { width: 12 } });
