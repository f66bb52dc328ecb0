import { useState } from 'react';

/**
 * Text state of an input whose stored value is parsed from what is typed (integer, decimal):
 * keeps incomplete text like `-` or `12.` while typing, and follows the value when it changes
 * from outside.
 */
export function useTypedText<V>(value: V | undefined, toText: (v: V | undefined) => string, sameValue: (text: string, v: V | undefined) => boolean) {
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (!sameValue(text, value)) setText(toText(value));
  }
  return [text, setText] as const;
}
