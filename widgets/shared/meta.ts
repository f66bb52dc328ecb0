// Building blocks of WidgetMeta: the defaults of a new field and the JSON Schema of the
// properties the designer's property panel edits. Titles are zh-CN; `x-i18n` names the key
// of the title in the `widgets` namespace (props.*) for the other languages.
import { VIEWPORT } from '../../schemas/constants';
import { PAGE_WIDTHS, type FieldDefinition, type FieldTypeInfo, type TypeCode, type TypeId } from '../../schemas';
import type { WidgetLayout, WidgetMeta, WidgetPlaceholder } from '../types';

type Schema = Record<string, unknown>;
const localized = (title: string, key: string): Schema => ({
  type: 'object',
  title,
  'x-i18n': `props.${key}`,
  properties: {
    'zh-CN': { type: 'string', minLength: 1, maxLength: 200 },
    'en-US': { type: 'string', maxLength: 200 },
    'zh-TW': { type: 'string', maxLength: 200 },
  },
  required: ['zh-CN'],
});

/** Every property a type may offer, by FieldDefinition key. */
export const PROPERTY_SCHEMAS = {
  label: localized('标签', 'label'),
  key: { type: 'string', title: '字段标识', 'x-i18n': 'props.key', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' },
  required: { type: 'boolean', title: '必填', 'x-i18n': 'props.required', default: false },
  width: { type: 'integer', title: '宽度', 'x-i18n': 'props.width', enum: [...PAGE_WIDTHS], default: 24 },
  help: localized('帮助文字', 'help'),
  placeholder: localized('占位提示', 'placeholder'),
  hidden: { type: 'boolean', title: '隐藏', 'x-i18n': 'props.hidden', default: false },
  readonly: { type: 'boolean', title: '只读', 'x-i18n': 'props.readonly', default: false },
  length: { type: 'integer', title: '最大长度', 'x-i18n': 'props.length', minimum: 1, maximum: 65535 },
  default: { title: '默认值', 'x-i18n': 'props.default' },
  options: {
    type: 'array',
    title: '选项',
    'x-i18n': 'props.options',
    items: {
      type: 'object',
      properties: { value: { type: 'string', minLength: 1, maxLength: 64 }, label: localized('选项文字', 'optionLabel'), disabled: { type: 'boolean' } },
      required: ['value', 'label'],
    },
  },
  dataSource: {
    type: 'object',
    title: '数据源',
    'x-i18n': 'props.dataSource',
    properties: {
      endpoint: { type: 'string', title: '接口', maxLength: 100 },
      params: { type: 'object', title: '参数', additionalProperties: { type: 'string' } },
      multiple: { type: 'boolean', title: '多选', default: false },
    },
  },
  precision: { type: 'integer', title: '小数位数', 'x-i18n': 'props.precision', minimum: 0, maximum: 8, default: 2 },
  min: { type: ['number', 'string'], title: '最小值', 'x-i18n': 'props.min' },
  max: { type: ['number', 'string'], title: '最大值', 'x-i18n': 'props.max' },
  money: { type: 'boolean', title: '金额格式', 'x-i18n': 'props.money', default: false },
  unique: { type: 'boolean', title: '唯一', 'x-i18n': 'props.unique', default: false },
  range: { type: 'boolean', title: '日期范围', 'x-i18n': 'props.range', default: false },
  withTime: { type: 'boolean', title: '包含时间', 'x-i18n': 'props.withTime', default: false },
  file: {
    type: 'object',
    title: '文件限制',
    'x-i18n': 'props.file',
    properties: {
      maxSizeMb: { type: 'number', title: '最大 MB', exclusiveMinimum: 0, maximum: 200 },
      accept: { type: 'array', title: '允许的类型', items: { type: 'string', maxLength: 100 } },
      maxCount: { type: 'integer', title: '最多个数', minimum: 1, maximum: 100 },
    },
  },
  component: { type: 'string', title: '组件名称', 'x-i18n': 'props.component', maxLength: 100 },
  fields: { type: 'array', title: '列', 'x-i18n': 'props.fields', items: { type: 'object' } },
  totals: { type: 'array', title: '合计列', 'x-i18n': 'props.totals', items: { type: 'string' } },
  minRows: { type: 'integer', title: '最少行数', 'x-i18n': 'props.minRows', minimum: 0 },
  maxRows: { type: 'integer', title: '最多行数', 'x-i18n': 'props.maxRows', minimum: 1, maximum: 5000 },
} satisfies Partial<Record<keyof FieldDefinition, Schema>>;

export type PropertyName = keyof typeof PROPERTY_SCHEMAS;

/** Properties every value-holding type has. */
export const COMMON_PROPERTIES: PropertyName[] = ['label', 'key', 'required', 'width', 'help', 'hidden', 'readonly'];
/** Properties of a master-data picker. */
export const PICKER_PROPERTIES: PropertyName[] = [...COMMON_PROPERTIES, 'placeholder', 'dataSource', 'default'];

export interface MetaInput {
  info: FieldTypeInfo;
  icon: string;
  properties: PropertyName[];
  defaults?: Partial<FieldDefinition>;
  /** `inline` unless said otherwise */
  layout?: WidgetLayout;
  /** the stand-in of the edit widget in long forms; an input's box (32 px, bordered) unless said otherwise */
  placeholder?: WidgetPlaceholder;
}

/** The box of one antd input row. */
export const INPUT_PLACEHOLDER: WidgetPlaceholder = { height: 32, bordered: true, phoneHeight: VIEWPORT.touchTargetPx };

/** A WidgetMeta from the type's registry facts, its icon and the properties it offers. */
export function defineMeta({ info, icon, properties, defaults, layout = 'inline', placeholder = INPUT_PLACEHOLDER }: MetaInput): WidgetMeta {
  const schemaProps: Record<string, Schema> = {};
  for (const p of properties) schemaProps[p] = PROPERTY_SCHEMAS[p];
  return {
    code: info.code as TypeCode,
    typeId: info.id as TypeId,
    group: info.kind,
    name: info.name,
    icon,
    layout,
    placeholder,
    defaults: {
      type: info.code,
      label: { ...info.name },
      width: 24,
      ...(info.defaultLength !== null && properties.includes('length') ? { length: info.defaultLength } : {}),
      ...defaults,
    },
    properties: {
      type: 'object',
      title: info.name['zh-CN'],
      properties: schemaProps,
      required: properties.filter((p) => p === 'label' || p === 'key'),
      additionalProperties: false,
    },
  };
}
