/** Whether typed text may stand in an integer input (possibly incomplete: '' or '-'), with at most `digits` digits. */
export function isIntegerTyping(text: string, digits: number): boolean {
  return /^-?\d*$/.test(text) && text.replace('-', '').length <= digits;
}

/** The integer of complete text; undefined for '' or '-' or an unsafe integer. */
export function parseInteger(text: string): number | undefined {
  if (!/^-?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}
