/**
 * The boundaries `pnpm lint` keeps (dependency-cruiser, which also counts type-only imports):
 * - no import cycles (of modules; features importing each other in a circle through different
 *   modules are refused by scripts/feature-cycles.mjs, which `pnpm lint` runs after this);
 * - web: app/ composes the rest and nothing else imports it (tests aside); components/ and lib/
 *   import no feature; a feature reaches another only through its index.ts (what two features
 *   share belongs in lib/ or @shop/contracts); the admin's screens are grouped by the domain they
 *   manage (features/admin/<domain>/), and what serves them all (features/admin/shared/) imports
 *   none of them;
 * - api: lib/ and db/ import no feature; a feature reaches another only through its index.ts;
 *   a Mongoose model (features/X/model.ts) is imported by its repository
 *   (features/X/repository.ts, or the files of features/X/repository/) and nothing else,
 *   scripts, seed, migrations and tests included; in a feature only the repositories (and the
 *   models) import mongoose at all. Everything else reads and writes
 *   through repositories, but for the migrations' documented data access
 *   (apps/api/src/migrations/*-as-stored.ts: the shapes earlier versions stored, which no
 *   model describes any more) and their record (migrations/applied.ts).
 * - api checkout: no feature imports features/checkout (it composes products, orders, auth and
 *   the rest, and only app.ts serves it); the Stripe SDK is imported only by lib/stripe.ts (the
 *   payment provider) and the checkout; lib/stripe.ts and lib/payment-lock.ts serve the two
 *   features that change a payment's order, checkout and orders, and app.ts, which makes the
 *   one client.
 */
/** What a feature shows the others: its index. */
const publicModules = { web: 'index\\.tsx?', api: 'index\\.ts' };
const feature = (app) => `^apps/${app}/src/features/([^/]+)/`;
/**
 * The API's repositories: the only modules that read or write a collection. A repository too
 * large for one file is a folder of them, one per responsibility (features/X/repository/reads.ts,
 * writes.ts, …); a few beside it keep one aggregate's part apart (products' stock holds and
 * photo files, discounts' uses per customer, the checkouts' budgets of holds, the accounts'
 * second factors and staff roles).
 */
const apiRepository =
  '^apps/api/src/features/[^/]+/(repository|repository/[a-z-]+|photo-store|stock-holds|customer-uses|hold-budgets|second-factors|staff-repository|session-changes)\\.ts';
const apiModel = '^apps/api/src/features/[^/]+/model\\.ts$';
/** Test code may reach further (render the whole app, assert on a model). */
const testCode = '(\\.test\\.tsx?$|/testing/|^apps/[^/]+/src/test/)';
const apiCheckout = '^apps/api/src/features/checkout/';
/** The payment provider: the Stripe client and the lock of a payment's order. */
const apiPaymentProvider = '^apps/api/src/lib/(stripe|payment-lock)\\.ts$';
const otherFeatureInternals = (app) => ({
  path: `^apps/${app}/src/features/[^/]+/`,
  pathNot: [
    `^apps/${app}/src/features/$1/`,
    `^apps/${app}/src/features/[^/]+/${publicModules[app]}$`,
  ],
});

/** `from` these paths, except those matching `exceptFrom` when given. */
const from = (path, exceptFrom) => (exceptFrom ? { path, pathNot: exceptFrom } : { path });
const sharedCodeImportsNoFeature = (app, dirs, named, exceptFrom) => ({
  name: `${app}-shared-code-imports-no-feature`,
  comment: `${named} serve every feature, so they cannot depend on one.`,
  severity: 'error',
  from: from(`^apps/${app}/src/${dirs}/`, exceptFrom),
  to: { path: `^apps/${app}/src/features/` },
});
const featureThroughItsIndex = (app, exceptFrom) => ({
  name: `${app}-feature-through-its-index`,
  comment: "A feature uses another feature only through that feature's public module.",
  severity: 'error',
  from: from(feature(app), exceptFrom),
  to: otherFeatureInternals(app),
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'An import cycle (type-only imports count): split what both sides need into a third module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-app-imported-by-nothing-below',
      comment: 'app/ composes features, components/ and lib/; none of them imports app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|components|lib)/', pathNot: testCode },
      to: { path: '^apps/web/src/app/' },
    },
    sharedCodeImportsNoFeature('web', '(components|lib)', 'components/ and lib/'),
    {
      name: 'web-admin-shared-imports-no-admin-domain',
      comment:
        'features/admin/shared/ serves every admin domain (products, orders, …), so it cannot depend on one.',
      severity: 'error',
      from: { path: '^apps/web/src/features/admin/shared/', pathNot: testCode },
      to: { path: '^apps/web/src/features/admin/(?!shared/)[^/]+/' },
    },
    featureThroughItsIndex('web'),
    sharedCodeImportsNoFeature('api', '(lib|db)', 'lib/ and db/', testCode),
    featureThroughItsIndex('api', '\\.test\\.ts$'),
    {
      name: 'api-model-only-in-its-repository',
      comment:
        "A feature's Mongoose model is read and written by its repository alone (scripts, seed and tests too go through the repository).",
      severity: 'error',
      from: { path: '^apps/', pathNot: `${apiRepository}$` },
      to: { path: apiModel },
    },
    {
      name: 'api-repository-imports-its-own-model',
      comment: "A repository owns one aggregate: another feature's data comes from that feature.",
      severity: 'error',
      from: { path: `^apps/api/src/features/([^/]+)/(repository|repository/[a-z-]+)\\.ts$` },
      to: { path: apiModel, pathNot: '^apps/api/src/features/$1/model\\.ts$' },
    },
    {
      name: 'api-database-only-in-repositories',
      comment:
        'In a feature, only the repositories (and models) talk to the database: use cases, routes and queries call them.',
      severity: 'error',
      from: {
        path: '^apps/api/src/features/',
        pathNot: [`${apiRepository}$`, apiModel, '\\.test\\.ts$'],
      },
      to: { path: 'node_modules/mongoose/' },
    },
    {
      name: 'api-no-feature-imports-checkout',
      comment:
        'The checkout composes products, orders, auth and the rest: none of them may depend on it back (orders give money back through lib/stripe.ts). The composition roots serve it: app.ts its routes, server.ts its sweep of expired checkouts.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: [apiCheckout, '^apps/api/src/(app|server)\\.ts$', testCode],
      },
      to: { path: apiCheckout },
    },
    {
      name: 'api-stripe-sdk-only-in-the-payment-provider',
      comment:
        'Stripe is called through lib/stripe.ts (its one client, its errors as AppErrors) and by the checkout alone.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/lib/stripe\\.ts$', apiCheckout, testCode],
      },
      to: { path: 'node_modules/stripe/' },
    },
    {
      name: 'api-payment-provider-only-for-checkout-and-orders',
      comment:
        "Only the features that change a payment's order (checkout places it, orders cancel it) and the composition roots (server.ts makes the one client, app.ts makes it when given none) use the payment provider.",
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: [
          apiPaymentProvider,
          '^apps/api/src/features/(checkout|orders)/',
          '^apps/api/src/(app|server)\\.ts$',
          testCode,
        ],
      },
      to: { path: apiPaymentProvider },
    },
    {
      name: 'contracts-zod-through-its-setting',
      comment:
        "Contracts build their schemas with src/zod.ts's z, which parses without eval in the browser (the shop's CSP forbids it) before any schema is made.",
      severity: 'error',
      from: {
        path: '^packages/contracts/src/',
        pathNot: ['^packages/contracts/src/zod\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: 'node_modules/zod/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr|test-results)/|^apps/e2e/screenshots/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
