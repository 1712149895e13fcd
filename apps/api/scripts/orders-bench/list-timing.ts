import { load } from '../bench/load.js';

/**
 * All Orders as an admin pages, filters and searches it: the first page, a status, page 50, a
 * search by number and by e-mail. Each call is asked once (its answer's total printed), then
 * loaded with autocannon for `seconds`: its p50 and p99.
 */
export async function loadAllOrders(
  url: string,
  token: string,
  { middleNumber, email, connections, seconds }: AllOrdersLoad,
) {
  const calls = {
    'page 1': 'page=1',
    'status=Shipped': 'status=Shipped',
    'page 50': 'page=50',
    // Last: where the database cannot narrow a search by an index it reads every order, and
    // the calls still queued when its load ends would slow the next one down.
    [`q=#${middleNumber}`]: `q=%23${middleNumber}`,
    [`q=${email}`]: `q=${encodeURIComponent(email)}`,
  };
  const figures: AllOrdersFigures[] = [];
  for (const [call, query] of Object.entries(calls)) {
    const path = `/api/v1/auth/all-orders?${query}`;
    const start = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: token } });
    if (!res.ok) throw new Error(`all-orders?${query} answered ${res.status}`);
    const total = ((await res.json()) as { total: number }).total;
    const firstMs = performance.now() - start;
    const loaded = await load(
      [url],
      { label: call, path, headers: { authorization: token } },
      connections,
      seconds,
    );
    figures.push({ call, total, firstMs, ...loaded });
  }
  return figures;
}

export interface AllOrdersLoad {
  middleNumber: number;
  /** Searched for: it names the admin, a user without orders (the filled buyers have none). */
  email: string;
  connections: number;
  seconds: number;
}

export interface AllOrdersFigures {
  call: string;
  total: number;
  firstMs: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}
