/**
 * Hands a text file the page made to the browser as a download. A UTF-8 byte order mark goes
 * first when asked, so spreadsheet programs read accented names correctly.
 */
export function downloadTextFile(fileName: string, text: string, type: string, options: { byteOrderMark?: boolean } = {}): void {
  downloadBlob(fileName, new Blob([options.byteOrderMark ? '\uFEFF' : '', text], { type }));
}

/** Hands a file the server sent (an export) to the browser as a download under its name. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
