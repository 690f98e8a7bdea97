// Files only a signed-in user may read (order documents, a customer's own downloads): they need
// the Authorization header, so a plain link cannot fetch them. They are read with the session's
// client as a blob (call() with a `produces` operation) and handed to the browser through an
// object URL.
import type { OperationFile } from '../contract/operation-io';

export type FetchedFile = OperationFile;

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
