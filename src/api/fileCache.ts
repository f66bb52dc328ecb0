// Stored files' content, kept for a while in the tab. A stored file never changes under its id,
// so an image field that mounts again (the form reloads after a save, a reopened record, a row
// scrolled back into view) draws its thumbnail from here instead of downloading it once more.
// Entries are per session (a different sign-in reads through the server's access check again),
// the oldest go first beyond a count and a byte budget, a failed download is not kept, and a
// deleted file is dropped.

export interface FileCacheOptions {
  /** most entries kept */
  maxEntries?: number;
  /** most bytes of content kept (a bigger file is fetched but not kept) */
  maxBytes?: number;
}

export interface FileCache {
  /** The content of `id` for `session`: kept, or fetched through `load` (concurrent asks share one fetch). */
  get(session: string, id: string, load: () => Promise<Blob>): Promise<Blob>;
  /** Forget `id` (all sessions). */
  drop(id: string): void;
  /** entries and bytes held now */
  size(): { entries: number; bytes: number };
}

export function createFileCache({ maxEntries = 64, maxBytes = 24 * 1024 * 1024 }: FileCacheOptions = {}): FileCache {
  // Map keeps insertion order: the first key is the least recently used one
  const entries = new Map<string, { id: string; blob: Promise<Blob>; bytes: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  };
  const trim = () => {
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(key);
    }
  };
  return {
    get(session, id, load) {
      const key = `${session}\u0000${id}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.blob;
      }
      const entry = { id, bytes: 0, blob: load() };
      entries.set(key, entry);
      trim();
      entry.blob.then(
        (blob) => {
          if (entries.get(key) !== entry) return;
          if (blob.size > maxBytes) return remove(key);
          entry.bytes = blob.size;
          bytes += blob.size;
          trim();
        },
        () => {
          if (entries.get(key) === entry) remove(key);
        },
      );
      return entry.blob;
    },
    drop(id) {
      for (const [key, e] of entries) if (e.id === id) remove(key);
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}
