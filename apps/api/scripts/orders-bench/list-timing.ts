/**
 * All Orders as an admin pages, filters and searches it: each call's time, best of `tries`
 * (on FerretDB each one reads every order, so at 100,000 one try each is plenty).
 */
export async function timeAllOrders(url: string, token: string, middleNumber: number, tries = 1) {
  const calls = {
    'page 1': 'page=1',
    'page 100': 'page=100',
    'status=Shipped': 'status=Shipped',
    [`q=#${middleNumber}`]: `q=%23${middleNumber}`,
  };
  const timings: { call: string; ms: number; total: number }[] = [];
  for (const [call, query] of Object.entries(calls)) {
    let best = Number.POSITIVE_INFINITY;
    let total = 0;
    for (let i = 0; i < tries; i += 1) {
      const start = performance.now();
      const res = await fetch(`${url}/api/v1/auth/all-orders?${query}`, {
        headers: { authorization: token },
      });
      if (!res.ok) throw new Error(`all-orders?${query} answered ${res.status}`);
      total = ((await res.json()) as { total: number }).total;
      best = Math.min(best, performance.now() - start);
    }
    timings.push({ call, ms: best, total });
  }
  return timings;
}
