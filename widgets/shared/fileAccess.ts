// How widgets reach stored files: a host's plain `downloadUrl`, or `fetchFile` (the content
// fetched with the session's headers) turned into object URLs for thumbnails and saved under
// the file's own name for downloads.
import { useEffect, useState } from 'react';
import type { FileRef } from '../../schemas';
import type { WidgetServices } from '../types';

/** Whether files can be downloaded at all with these services. */
export function canDownload(services: WidgetServices): boolean {
  return !!services.downloadUrl || !!services.fetchFile;
}

/** Hand a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Download one file through whichever service the host gave. */
export async function downloadThrough(services: WidgetServices, file: FileRef): Promise<void> {
  const direct = services.downloadUrl?.(file);
  if (direct) {
    window.open(direct, '_blank', 'noopener');
    return;
  }
  if (!services.fetchFile) throw new Error('no download service');
  saveBlob(await services.fetchFile(file), file.name);
}

/**
 * URLs to show these files inline (image thumbnails and preview): the host's `downloadUrl`, or
 * object URLs of `fetchFile`'s blobs, revoked when the files change or the widget unmounts.
 * Files whose content is still loading or failed to load have no entry.
 */
export function useFileUrls(files: readonly FileRef[], services: WidgetServices, enabled: boolean): Record<string, string> {
  const ids = files.map((f) => f.id).join(',');
  const [fetched, setFetched] = useState<Record<string, string>>({});
  const { downloadUrl, fetchFile } = services;
  useEffect(() => {
    if (!enabled || downloadUrl || !fetchFile || !ids) return undefined;
    let live = true;
    const made: string[] = [];
    const wanted = files.slice();
    void Promise.all(
      wanted.map(async (f) => {
        try {
          const url = URL.createObjectURL(await fetchFile(f));
          made.push(url);
          if (live) setFetched((m) => ({ ...m, [f.id]: url }));
          else URL.revokeObjectURL(url);
        } catch {
          // no thumbnail: the file's name is shown instead
        }
      }),
    );
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
      setFetched({});
    };
    // files is represented by ids
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, enabled, downloadUrl, fetchFile]);
  if (!enabled) return {};
  if (downloadUrl) return Object.fromEntries(files.map((f) => [f.id, downloadUrl(f)]));
  return fetched;
}
