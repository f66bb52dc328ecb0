import { COMPONENT_TYPES } from '../../schemas';
import { defineMeta, PICKER_PROPERTIES } from '../shared/meta';

export const meta = defineMeta({ info: COMPONENT_TYPES.BRAND, icon: 'TrademarkOutlined', properties: PICKER_PROPERTIES, defaults: { width: 12 } });
