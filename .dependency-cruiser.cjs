/**
 * The boundaries `pnpm lint` keeps (dependency-cruiser, which also counts type-only imports):
 * - no import cycles;
 * - web: app/ composes the rest and nothing else imports it (tests aside); components/ and lib/
 *   import no feature; a feature reaches another only through its index.ts (what two features
 *   share belongs in lib/ or @shop/contracts);
 * - api: lib/ and db/ import no feature; a feature reaches another only through its index.ts,
 *   or model.ts for its Mongoose model, to read or type (other features' models reference it and
 *   the catalogue reads it). Writes go through the owning feature's index: orders are written
 *   by features/orders, stock by features/products.
 */
/** What a feature shows the others: its index, and on the API its Mongoose model (for refs). */
const publicModules = { web: 'index\\.tsx?', api: '(index|model)\\.ts' };
const feature = (app) => `^apps/${app}/src/features/([^/]+)/`;
/** Test code may reach further (render the whole app, assert on a model). */
const testCode = '(\\.test\\.tsx?$|/testing/|^apps/[^/]+/src/test/)';
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
    featureThroughItsIndex('web'),
    sharedCodeImportsNoFeature('api', '(lib|db)', 'lib/ and db/', testCode),
    featureThroughItsIndex('api', '\\.test\\.ts$'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test-results)/|^apps/e2e/screenshots/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
