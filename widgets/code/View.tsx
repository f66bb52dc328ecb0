import type { ViewProps } from '../types';
import { formatDocumentNumber } from '../format';

/** An empty number/code shows 自动生成 (spec §8). */
export function View({ value, locale }: ViewProps<string>) {
  return <span className="fw-view">{formatDocumentNumber(value, locale)}</span>;
}
