/** Offers `content` to the browser as a file download named `fileName` (chart, worklist and report exports). */
export function offerDownload(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; free the URL after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
