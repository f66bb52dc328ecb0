export const INPUTS: { client: string[]; server: string[] };
export function stampOf(inputs: string[]): string;
/** Builds what is missing or stale (FORMWORK_BUILD: auto, always, never). */
export function ensureBuilt(): { serverEntry: string; clientDist: string };
