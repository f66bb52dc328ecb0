// What the rjsf adapters read from `formContext`: the locale and the services every widget
// gets, and nested errors (sub-form cells) by field key.
import type { Locale } from '../../schemas';
import type { WidgetServices } from '../types';

export interface FormworkFormContext {
  locale: Locale;
  services: WidgetServices;
  /** errors of nested values per field key (sub-form: `<row _id>.<column>` → message) */
  nestedErrors?: Record<string, Record<string, string>>;
}

export function formworkContext(ctx: unknown): FormworkFormContext {
  const c = (ctx ?? {}) as Partial<FormworkFormContext>;
  return { locale: c.locale ?? 'zh-CN', services: c.services ?? {}, ...(c.nestedErrors ? { nestedErrors: c.nestedErrors } : {}) };
}
