import type { FieldDefinition, Locale } from '../../schemas';
import { localText } from '../i18n';

/** The placeholder of a field in `locale`, if it has one. */
export function placeholderOf(field: FieldDefinition, locale: Locale): string | undefined {
  return field.placeholder ? localText(field.placeholder, locale) : undefined;
}

/** The label of the option whose value is `value` (the value itself for an unknown option). */
export function optionLabel(field: FieldDefinition, value: string, locale: Locale): string {
  const opt = field.options?.find((o) => o.value === value);
  return opt ? localText(opt.label, locale) : value;
}
