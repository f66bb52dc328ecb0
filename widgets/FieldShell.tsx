// The frame around every field: its label (with the red asterisk of spec §5 when required),
// its width in the 24-column grid, help text and an error slot. Hosts (runtime form, designer
// canvas, the interop theme's templates, stories) wrap a Widget or a View in it.
import type { ReactNode } from 'react';
import { Col } from 'antd';
import type { FieldDefinition, Locale, PageWidth } from '../schemas';
import { errorId, helpId, labelId } from './shared/aria';
import { localText } from './i18n';

export interface FieldShellProps {
  /** DOM id of the wrapped input (the label's htmlFor) */
  id: string;
  field: FieldDefinition;
  locale: Locale;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** wraps a View: the label names the value instead of pointing at an input */
  view?: boolean;
  /** overrides `field.width` */
  width?: PageWidth;
  /**
   * `antd` (default): an antd `<Col>` for a host's `<Row>`. `css`: a plain element spanning
   * `width` columns of a host's CSS grid of 24 columns (`gridTemplateColumns: repeat(24, …)`),
   * which a form of hundreds of fields mounts much faster than as many antd Cols.
   */
  grid?: 'antd' | 'css';
  children: ReactNode;
}

const styles = {
  label: { display: 'inline-block', marginBottom: 4, fontWeight: 500 },
  asterisk: { color: '#cf1322', marginInlineEnd: 4, fontFamily: 'SimSun, sans-serif' },
  help: { color: 'rgba(0,0,0,0.65)', fontSize: 12, marginTop: 4 },
  error: { color: '#cf1322', fontSize: 12, marginTop: 4 },
  col: { marginBottom: 16 },
} as const;

export function FieldShell({ id, field, locale, required, error, disabled, readOnly, view, width, grid = 'antd', children }: FieldShellProps) {
  const label = localText(field.label, locale);
  const span = width ?? field.width ?? 24;
  const labelContent = (
    <>
      {required && !view ? (
        <span className="fw-required" aria-hidden="true" style={styles.asterisk} data-testid="required-asterisk">
          *
        </span>
      ) : null}
      {label}
    </>
  );
  const content = (
    <>
      {view ? (
        <div id={labelId(id)} className="fw-field-label" style={styles.label}>
          {labelContent}
        </div>
      ) : (
        <label id={labelId(id)} htmlFor={id} className="fw-field-label" style={styles.label}>
          {labelContent}
        </label>
      )}
      <div className="fw-field-control">{children}</div>
      {field.help && !view ? (
        <div id={helpId(id)} className="fw-field-help" style={styles.help}>
          {localText(field.help, locale)}
        </div>
      ) : null}
      {error && !view ? (
        <div id={errorId(id)} role="alert" className="fw-field-error" style={styles.error} data-testid={`error-${field.key}`}>
          {error}
        </div>
      ) : null}
    </>
  );
  const attrs = {
    className: 'fw-field',
    'data-testid': `field-${field.key}`,
    'data-type': field.type,
    'data-disabled': disabled ? 'true' : undefined,
    'data-readonly': readOnly || view ? 'true' : undefined,
  };
  if (grid === 'css') {
    return (
      <div {...attrs} data-span={span} style={{ gridColumn: `span ${span}`, minWidth: 0, marginBottom: 16 }}>
        {content}
      </div>
    );
  }
  return (
    <Col span={span} {...attrs} style={styles.col}>
      {content}
    </Col>
  );
}
