// Files only a signed-in user may read (order documents, a customer's own downloads): they need
// the Authorization header, so a plain link cannot fetch them. They are read with the session's
// client as a blob and handed to the browser through an object URL.
import { toFailure, type Query } from '../api/client';
import { ok, type ApiResult } from '../api/result';
import { sessionClient } from './session';

export interface FetchedFile {
  blob: Blob;
  fileName: string;
  contentType: string;
}

/** The file name of a Content-Disposition header, else the fallback. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** GET a file under the API base with the session's token; never throws. */
export async function fetchPrivateFile(path: string, query: Query, fallbackName: string): Promise<ApiResult<FetchedFile>> {
  const searchParams = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) searchParams.set(key, String(value));
  try {
    const response = await sessionClient().get(path, { searchParams });
    const blob = await response.blob();
    return ok({
      blob,
      fileName: dispositionFileName(response.headers.get('content-disposition'), fallbackName),
      contentType: response.headers.get('content-type') ?? blob.type,
    });
  } catch (error) {
    return toFailure(error);
  }
}

/** Hands a fetched file to the browser as a download (the object URL is freed afterwards). */
export function saveFile(file: FetchedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
