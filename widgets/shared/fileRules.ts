// Size and type limits of attachment (21) and image (97) fields — plain functions, tested alone.
import type { FileRules } from '../../schemas';

export const DEFAULT_FILE_RULES = {
  attachment: { maxSizeMb: 20, maxCount: 10, accept: [] as string[] },
  image: { maxSizeMb: 5, maxCount: 9, accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
} as const;

export type FileKind = keyof typeof DEFAULT_FILE_RULES;

export function effectiveRules(kind: FileKind, rules: FileRules | undefined): { maxSizeMb: number; maxCount: number; accept: string[] } {
  const d = DEFAULT_FILE_RULES[kind];
  return {
    maxSizeMb: rules?.maxSizeMb ?? d.maxSizeMb,
    maxCount: rules?.maxCount ?? d.maxCount,
    accept: rules?.accept?.length ? [...rules.accept] : [...d.accept],
  };
}

/** Whether a file matches an accept list of MIME types (`image/*` allowed) or extensions (`.pdf`). */
export function acceptsType(file: { name: string; type: string }, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return accept.some((a) => {
    const rule = a.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

export type FileProblem = { kind: 'size'; maxSizeMb: number } | { kind: 'type'; accept: string[] } | { kind: 'count'; maxCount: number };

/** Why a file may not be added (undefined when it may). */
export function checkFile(
  file: { name: string; type: string; size: number },
  rules: { maxSizeMb: number; accept: string[]; maxCount: number },
  countAlready: number,
): FileProblem | undefined {
  if (countAlready >= rules.maxCount) return { kind: 'count', maxCount: rules.maxCount };
  if (!acceptsType(file, rules.accept)) return { kind: 'type', accept: rules.accept };
  if (file.size > rules.maxSizeMb * 1024 * 1024) return { kind: 'size', maxSizeMb: rules.maxSizeMb };
  return undefined;
}
