export interface Precompressed {
  file: string;
  size: number;
  br: number | null;
  gz: number | null;
}
export function precompress(dir: string, opts?: { minBytes?: number; quality?: number }): Promise<Precompressed[]>;
export function withoutAppPreloads(html: string): string;
