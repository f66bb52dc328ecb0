// The rules of a tier table (84): every row's from < to, and — ordered by `from` — each tier
// starts exactly where the previous one ended (no gap, no overlap); only the last tier may be
// open-ended (`to` null = "and above"). Pure, no React; the runtime validates with it too.
import Decimal from 'decimal.js';
import { DECIMAL_PATTERN, type TierRow } from '../../schemas';

export type TierProblemKind = 'invalid' | 'order' | 'gap' | 'overlap' | 'openNotLast';
export interface TierProblem {
  /** index of the row in the given array */
  row: number;
  kind: TierProblemKind;
  /** for gap/overlap: index of the previous tier */
  previous?: number;
}

const DEC = new RegExp(DECIMAL_PATTERN);
const isDec = (s: unknown): s is string => typeof s === 'string' && DEC.test(s);

export function validateTiers(rows: readonly TierRow[]): TierProblem[] {
  const problems: TierProblem[] = [];
  const valid: number[] = [];
  rows.forEach((r, i) => {
    if (!isDec(r.from) || !isDec(r.value) || (r.to !== null && !isDec(r.to))) problems.push({ row: i, kind: 'invalid' });
    else if (r.to !== null && new Decimal(r.from).gte(r.to)) problems.push({ row: i, kind: 'order' });
    else valid.push(i);
  });
  const ordered = [...valid].sort((a, b) => new Decimal(rows[a].from).cmp(rows[b].from));
  for (let k = 0; k < ordered.length; k += 1) {
    const i = ordered[k];
    if (k > 0) {
      const p = ordered[k - 1];
      const prevTo = rows[p].to;
      if (prevTo === null) problems.push({ row: p, kind: 'openNotLast' });
      else {
        const c = new Decimal(rows[i].from).cmp(prevTo);
        if (c > 0) problems.push({ row: i, kind: 'gap', previous: p });
        if (c < 0) problems.push({ row: i, kind: 'overlap', previous: p });
      }
    }
  }
  return problems;
}
