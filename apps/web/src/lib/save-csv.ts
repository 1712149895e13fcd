/**
 * Hands the browser `csv` as a file named `name` to save, a BOM first so that spreadsheets read
 * it as UTF-8 (the one the API sent, if the answer kept it, is not written twice).
 */
export function saveCsv(csv: string, name: string) {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A file name of today's date: `orders` → `orders-2026-11-29.csv`. */
export const csvNameOfToday = (what: string) =>
  `${what}-${new Date().toISOString().slice(0, 10)}.csv`;
