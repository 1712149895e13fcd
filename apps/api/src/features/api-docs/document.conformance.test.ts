import { accountCalls } from '../../test/conformance/accounts.js';
import { auditCalls } from '../../test/conformance/audit.js';
import { backInStockCalls } from '../../test/conformance/back-in-stock.js';
import { catalogueCalls } from '../../test/conformance/catalogue.js';
import { catalogueCsvCalls } from '../../test/conformance/catalogue-csv.js';
import { documentChecker } from '../../test/conformance/checker.js';
import { type Calls, type Context, senderOf } from '../../test/conformance/context.js';
import { dashboardCalls } from '../../test/conformance/dashboard.js';
import { discountCalls } from '../../test/conformance/discounts.js';
import { guestCalls } from '../../test/conformance/guest.js';
import { paymentCalls } from '../../test/conformance/payments.js';
import { returnCalls } from '../../test/conformance/returns.js';
import { reviewCalls } from '../../test/conformance/reviews.js';
import { searchCalls } from '../../test/conformance/search.js';
import { settingsCalls } from '../../test/conformance/settings.js';
import { staffCalls } from '../../test/conformance/staff.js';
import { storeCalls } from '../../test/conformance/store.js';
import { twoFactorCalls } from '../../test/conformance/two-factor.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';

/** For each operation of the document, a request for each status it documents. */
const CALLS: Calls = {
  'GET /healthz': { 200: ({ send }) => send() },
  ...accountCalls,
  ...staffCalls,
  ...twoFactorCalls,
  ...catalogueCalls,
  ...searchCalls,
  ...catalogueCsvCalls,
  ...paymentCalls,
  ...guestCalls,
  ...reviewCalls,
  ...backInStockCalls,
  ...dashboardCalls,
  ...storeCalls,
  ...settingsCalls,
  ...discountCalls,
  ...returnCalls,
  ...auditCalls,
};

// The app takes card payments, against a fake Stripe that some calls make fail.
test.afterEach(({ stripe }) => stripe.heal());

describe('every operation of /api/openapi.json, asked of the app', () => {
  test('the document lists exactly the operations asked here', async ({ api }) => {
    const document = documentChecker((await api.get('/api/openapi.json').expect(200)).body);
    expect(document.operations().sort()).toEqual(Object.keys(CALLS).sort());
  });

  test.for(Object.keys(CALLS))(
    '%s answers each documented status with the documented body, type and headers',
    async (operation, { api, admin, user, stripe, checkoutOf }) => {
      const document = documentChecker((await api.get('/api/openapi.json').expect(200)).body);
      const calls = CALLS[operation] ?? {};
      // 503 needs the database down, which db/connect.faults.test.ts does.
      const unasked = document.statuses(operation).filter((s) => s !== '503' && !(s in calls));
      expect(unasked, 'documented statuses that no request here asks for').toEqual([]);

      const context: Context = {
        send: senderOf(api, operation),
        api,
        admin,
        user,
        stripe,
        checkoutOf,
      };
      for (const [status, call] of Object.entries(calls)) {
        if (typeof call !== 'function') continue;
        const res = await call(context);
        expect(
          { status: res.status, problems: document.problemsOf(operation, res) },
          `${operation} asked for ${status}`,
        ).toEqual({ status: Number(status), problems: [] });
      }
    },
  );
});
