/** Saves a text the browser built as a file (the member's data, the admin's copy for a request). */
export function downloadFile(fileName: string, content: string, type = 'application/json;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
