/** Hands a Blob to the browser as a download with the given file name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the URL; release it after the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A screen title as a file name's start ('Produktliste'): without the characters file systems refuse; the form when nothing is left. */
export function fileTitle(title: string, form: string): string {
  return title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || form;
}
