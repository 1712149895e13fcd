/**
 * The boundaries `pnpm lint` keeps (dependency-cruiser, which also counts type-only imports):
 * - no import cycles;
 * - web: components/ and lib/ import no feature; a feature reaches another only through its
 *   index.ts (what two features share belongs in lib/ or @shop/contracts);
 * - api: a feature reaches another only through its index.ts, or model.ts for its Mongoose model
 *   (which other features' models reference and the catalogue reads).
 */
/** What a feature shows the others: its index, and on the API its Mongoose model (for refs). */
const publicModules = { web: 'index\\.tsx?', api: '(index|model)\\.ts' };
const feature = (app) => `^apps/${app}/src/features/([^/]+)/`;
const otherFeatureInternals = (app) => ({
  path: `^apps/${app}/src/features/[^/]+/`,
  pathNot: [
    `^apps/${app}/src/features/$1/`,
    `^apps/${app}/src/features/[^/]+/${publicModules[app]}$`,
  ],
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
      name: 'web-shared-code-imports-no-feature',
      comment: 'components/ and lib/ serve every feature, so they cannot depend on one.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-through-its-index',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: feature('web') },
      to: otherFeatureInternals('web'),
    },
    {
      name: 'api-feature-through-its-index',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: feature('api'), pathNot: '\\.test\\.ts$' },
      to: otherFeatureInternals('api'),
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|e2e-screenshots|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
