import { rssMb } from '../bench/throwaway.js';

/** The API process may grow by at most this much while it streams every order as CSV. */
export const CSV_RSS_BUDGET_MB = 64;
const SAMPLE_EVERY_MS = 20;

export interface CsvExportFigures {
  rows: number;
  megabytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/**
 * Downloads `GET /api/v1/auth/all-orders.csv` (every order), or another CSV export's `path`,
 * from the API process `pid`, as a browser would, reading it as it comes, while sampling that process's resident memory: its
 * rows, size, time, and the process's RSS before and at its highest during the export.
 */
export async function measureCsvExport(
  url: string,
  token: string,
  pid: number,
  path = '/api/v1/auth/all-orders.csv',
): Promise<CsvExportFigures> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, SAMPLE_EVERY_MS);
  const start = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      headers: { authorization: token },
    });
    if (!res.ok || !res.body) throw new Error(`the CSV export answered ${res.status}`);
    let bytes = 0;
    let lineEnds = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      // The benches' orders and products hold no line break in a cell: each LF ends a row.
      for (const byte of chunk) if (byte === 0x0a) lineEnds += 1;
    }
    return {
      rows: lineEnds - 1,
      megabytes: bytes / 1024 / 1024,
      seconds: (performance.now() - start) / 1000,
      rssBeforeMb,
      rssPeakMb: Math.max(rssPeakMb, rssMb(pid)),
    };
  } finally {
    clearInterval(sampler);
  }
}
