import { Divider } from 'antd';
import type { ViewProps } from '../types';
import { localText } from '../i18n';

/** Divider (99999): a section title across the form; it holds no value. */
export function View({ field, locale }: ViewProps<never>) {
  return (
    <Divider titlePlacement="start" className="fw-divider" data-testid={`divider-${field.key}`}>
      <h3 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{localText(field.label, locale)}</h3>
    </Divider>
  );
}
