// Ids and ARIA attributes shared by FieldShell and the inputs it wraps.
import type { FieldDefinition } from '../../schemas';

export const helpId = (id: string) => `${id}-help`;
export const errorId = (id: string) => `${id}-error`;
export const labelId = (id: string) => `${id}-label`;

interface AriaSource {
  id: string;
  field: Pick<FieldDefinition, 'help'>;
  error?: string;
  required?: boolean;
}

/** The describedby/invalid/required attributes of a widget's main input. */
export function inputAria({ id, field, error, required }: AriaSource): {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
} {
  const describedBy = [field.help ? helpId(id) : null, error ? errorId(id) : null].filter(Boolean).join(' ');
  return {
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
}

/** For widgets made of several controls: a labelled group (a group takes no aria-required). */
export function groupAria(src: AriaSource): Record<string, string | boolean> {
  const { 'aria-required': _required, ...rest } = inputAria(src);
  return { role: 'group', 'aria-labelledby': labelId(src.id), ...rest };
}
