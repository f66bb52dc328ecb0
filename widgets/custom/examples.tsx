// An example custom component (77) for stories and tests: a satisfaction rating (antd Rate)
// registered under the name `rating`. Real hosts register theirs the same way.
import { Rate } from 'antd';
import type { WidgetProps } from '../types';
import { labelId } from '../shared/aria';

export function RatingExample({ id, value, onChange, disabled, readOnly }: WidgetProps<unknown>) {
  return (
    <Rate
      id={id}
      aria-labelledby={labelId(id)}
      value={typeof value === 'number' ? value : 0}
      disabled={disabled || readOnly}
      onChange={(v) => onChange(v === 0 ? undefined : v)}
    />
  );
}

export const EXAMPLE_CUSTOM_COMPONENTS = { rating: RatingExample };
