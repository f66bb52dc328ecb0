// A table's horizontal scroll only while it has rows. An empty table that scrolls sideways is a
// scroll region with nothing focusable in it (only the empty state): keyboard users cannot
// scroll it (axe: scrollable-region-focusable, serious). Empty, the table keeps the page's width.
export function scrollWhenRows(rows: readonly unknown[], x: number | 'max-content'): { x: number | 'max-content' } | undefined {
  return rows.length ? { x } : undefined;
}
