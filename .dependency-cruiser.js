// @ts-check
// Boundaries the tree keeps, checked by `npm run lint` (dependency-cruiser). Core's own rule (no
// framework, SDK or node:*) lives in eslint.config.js.

/** The modules of core the browser shares with the server: arithmetic, schemas and view types, never use cases or ports. */
export const WEB_CORE_MODULES = [
  'money', 'amount-field', 'amount-messages', 'read-amount', 'fees', 'split', 'page-paths', 'design-tokens', 'control-characters',
  'model/account-export-request', 'model/celebration-title', 'model/charity', 'model/charity-payout', 'model/dispute', 'model/gift', 'model/gift-list-query', 'model/guest',
  'model/hebrew-calendar', 'model/mail-kinds', 'model/offline-gift', 'model/photo-focus', 'model/photo-variants', 'model/reconciliation', 'model/registry', 'model/thank-you-note', 'model/user',
  'account/schemas', 'account/account-schemas', 'newsletter/newsletter-schemas',
  'charity/charity-details-schema', 'charity/tax-id', 'co-owner/co-owner-schemas',
  'gift/gift-amounts', 'gift/gift-schemas', 'gift/refund-window', 'offline-gift/offline-gift-schemas',
  'guest/guest-schemas', 'model/guest-gift', 'model/guest-rsvp', 'guest/guest-list-query', 'guest/postal-addresses', 'photo/photo-limits',
  'registry/registry-schemas', 'registry/parse-celebration-date', 'registry/name-capitalisation',
  'payout/payout-schemas', 'payout/payout-readiness', 'payout/payout-timing', 'dispute/dispute-schemas',
  'ledger/finance-lines',
  'model/thank-you-status', 'thank-you/note-schemas', 'thank-you/render-card', 'thank-you/default-message', 'thank-you/card-templates', 'thank-you/card-for-all-schemas', 'thank-you/giver-name-placeholder', 'thank-you/card-for-all-recipients',
  'mail/unsubscribe-link', 'model/invitation-settings', 'invitation/invitation-schemas',
];

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const forbidden = [
  {
    name: 'no-sideways-adapters',
    comment: 'No adapter folder imports another: what two of them share belongs in core/ (a port or a rule).',
    severity: 'error',
    from: { path: '^adapters/([^/]+)/', pathNot: '^adapters/in-memory/in-memory-payment-gateway\\.ts$' },
    to: { path: '^adapters/', pathNot: '^adapters/$1/' },
  },
  {
    name: 'in-memory-gateway-plays-the-sandbox-issuer',
    comment:
      "The in-memory gateway's card issuer decides disputes by the sandbox's rules (Stripe's test mode), so it imports those and no other adapter: they are the sandbox's behaviour, not core's.",
    severity: 'error',
    from: { path: '^adapters/in-memory/in-memory-payment-gateway\\.ts$' },
    to: { path: '^adapters/', pathNot: ['^adapters/in-memory/', '^adapters/payments/sandbox/sandbox-dispute-rules\\.ts$'] },
  },
  {
    name: 'no-cross-feature-imports',
    comment: 'No web feature imports another: shared pieces live in web/src/lib or web/src/components, and web/src/app composes features.',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/' },
    to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
  },
  {
    name: 'features-never-import-app',
    comment: 'web/src/app composes the features (routes, providers); a feature importing it would loop back. Page paths live in core/page-paths.ts.',
    severity: 'error',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/app/' },
  },
  {
    name: 'components-never-import-features',
    comment: 'web/src/components are the shared pieces features build on; a component importing a feature would tie every feature to it.',
    severity: 'error',
    from: { path: '^web/src/components/' },
    to: { path: '^web/src/features/' },
  },
  {
    name: 'web-imports-pure-core',
    comment: 'web/ imports from core only the pure modules it shares with the server (WEB_CORE_MODULES in .dependency-cruiser.js).',
    severity: 'error',
    from: { path: '^web/' },
    to: { path: '^core/', pathNot: `^core/(${WEB_CORE_MODULES.join('|')})\\.ts$` },
  },
  {
    name: 'api-imports-only-core',
    comment: 'api/ (the wire: paths, schemas, types) imports only itself, core and its typing library (json-schema-to-ts): no framework, no node:*.',
    severity: 'error',
    from: { path: '^api/' },
    to: { pathNot: '^(api|core)/|^node_modules/json-schema-to-ts/' },
  },
  {
    name: 'api-imports-pure-core',
    comment: 'api/ is shared with the web, so it imports from core only the pure modules the web may (WEB_CORE_MODULES).',
    severity: 'error',
    from: { path: '^api/' },
    to: { path: '^core/', pathNot: `^core/(${WEB_CORE_MODULES.join('|')})\\.ts$` },
  },
  {
    name: 'core-never-imports-api',
    comment: 'core/ knows nothing of the wire: the presenters (adapters/http) and the web translate to api/.',
    severity: 'error',
    from: { path: '^core/' },
    to: { path: '^api/' },
  },
  {
    name: 'core-folders-stand-in-floors',
    comment:
      "No cycle between core's folders: records (core/model) and access rules (core/access) sit below the ports and the features, and a feature imports only features below it (docs/architecture.md#cores-floors).",
    severity: 'error',
    scope: 'folder',
    from: { path: '^core/' },
    to: { path: '^core/', circular: true },
  },
  {
    name: 'no-cycles',
    comment: 'No import cycles: a circle of modules cannot be understood, tested or loaded one piece at a time.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|test-results|scratch)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
