/**
 * Hands the browser `csv` as a file to save, `<name>-<today>.csv` (a BOM first, so spreadsheets
 * read UTF-8).
 */
export function saveCsv(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
