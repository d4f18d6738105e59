// The architecture's import boundaries as lint rules on resolved paths (eslint-plugin-import-x):
// a path is judged by the file it resolves to, so `../../modules/x/y.ts`, `../x/y.ts` and an
// alias all count the same. Built from a root folder, so lint/boundaries.test.ts can run the very
// same rules on a small fixture tree. See server/modules/README.md and docs/decisions.md.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** Test harnesses (and the fuzz suite, a test of its own) may reach anywhere, like the tests themselves. */
const HARNESSES = ['server/test/**', 'workers/test/**', 'server/fuzz/**'];

const foldersIn = (root, folder) => {
  const dir = path.join(root, folder);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
};
const filesIn = (root, folder) => (existsSync(path.join(root, folder)) ? readdirSync(path.join(root, folder)) : []);

/** Every place that may hold code, as globs relative to the root. */
const EVERYWHERE = ['server/**', 'workers/**', 'client/**', 'bench/**', 'scripts/**', 'e2e/**', '*.ts', '*.js'];

/**
 * One zone per module: nothing outside `server/modules/<m>` imports a file of it other than its
 * `index.ts`; `allowed` names further files (server/app.ts registers each module's routes file).
 */
function moduleZones(root, modules, allowed = () => []) {
  return modules.map((m) => ({
    target: EVERYWHERE.map((glob) => (glob === 'server/**' ? `server/!(modules)/**` : glob)).concat([
      `server/modules/!(${m})/**`,
      'server/*.ts',
    ]),
    from: `server/modules/${m}`,
    except: ['./index.ts', ...allowed(m)],
    message: `The ${m} module is reached only through server/modules/${m}/index.ts (its public entry).`,
  }));
}

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

/** The flat-config blocks of the boundary rules for the tree at `root`. */
export function boundaryConfig(root) {
  const modules = foldersIn(root, 'server/modules');
  const features = foldersIn(root, 'client/src/features');
  const routesFiles = (m) =>
    filesIn(root, `server/modules/${m}`)
      .filter((f) => /\.routes\.ts$/.test(f))
      .map((f) => `./${f}`);
  const tsconfigs = ['tsconfig.json', 'client/tsconfig.json'].map((f) => path.join(root, f)).filter((f) => existsSync(f));
  const restricted = (zones) => ['error', { basePath: root, zones }];

  const NO_WORKERS = zone([], 'workers', 'The server never imports workers/: the process entry passes the handlers in.');
  const NO_TEST_HELPERS = [
    zone([], 'server/test', 'Test helpers are for tests only.'),
    zone([], 'workers/test', 'Test helpers are for tests only.'),
  ];
  const targeted = (target, zones) => zones.map((z) => ({ ...z, target }));

  const base = {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: tsconfigs.length > 0 ? tsconfigs : undefined, alwaysTryTypes: true }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
  };

  return [
    {
      ...base,
      files: ['server/**/*.ts', 'workers/**/*.ts', 'client/src/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    },
    // Import cycles: a cycle makes start-up order matter and hides which part depends on which.
    {
      files: ['server/**/*.ts', 'workers/**/*.ts', 'client/src/**/*.{ts,tsx}'],
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
    // Production code everywhere: modules through their entries, and each layer's own limits.
    {
      files: ['server/**/*.ts', 'workers/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
      ignores: [...TESTS, ...HARNESSES, 'server/app.ts'],
      rules: {
        'import-x/no-restricted-paths': restricted([
          ...moduleZones(root, modules),
          // The kernel stands under everything and knows no feature.
          zone(
            'server/kernel',
            ['server/modules', 'server/plugins', 'server/realtime', 'server/seed', 'workers'],
            'The kernel imports only server/contract (and itself).',
          ),
          zone('server/kernel', 'server/test', 'The kernel imports only server/contract (and itself).'),
          // Modules never import the layers above them.
          zone(
            'server/modules',
            ['server/plugins', 'server/realtime'],
            'Modules import the kernel, contract and other module entries; the app decorates what routes need.',
          ),
          // The server never imports workers/, except the API process entry that hands them in.
          ...targeted(['server/!(main).ts', 'server/*/**'], [NO_WORKERS]),
          ...targeted(['server/**'], NO_TEST_HELPERS),
          // Workers import the kernel, the contract and module entries; nothing else of the server.
          zone(
            'workers',
            [
              'server/plugins',
              'server/realtime',
              'server/seed',
              'server/stripe-emulator',
              'server/app.ts',
              'server/main.ts',
              'server/runtime.ts',
              'server/openapi.ts',
            ],
            'Workers import server/kernel, server/contract and module entries only.',
          ),
        ]),
      },
    },
    // server/app.ts registers each module's routes file directly (entries never export routes).
    {
      files: ['server/app.ts'],
      rules: {
        'import-x/no-restricted-paths': restricted([
          ...moduleZones(root, modules, routesFiles),
          zone('server/app.ts', ['workers', 'server/test'], 'The app is handed the handlers; it never imports workers/ or test helpers.'),
        ]),
      },
    },
    // The client: only server/contract of the server; features never import each other.
    ...[null, ...features].map((feature) => ({
      files: feature ? [`client/src/features/${feature}/**/*.{ts,tsx}`] : ['client/src/**/*.{ts,tsx}'],
      ignores: TESTS,
      rules: {
        'import-x/no-restricted-paths': restricted([
          zone('client/src', 'server', 'The client imports only server/contract.', ['./contract']),
          ...(feature
            ? [
                zone(
                  `client/src/features/${feature}`,
                  'client/src/features',
                  'Features never import each other: compose them in client/src/app.',
                  [`./${feature}`],
                ),
              ]
            : []),
        ]),
      },
    })),
  ].map((block) => ({ ...base, ...block }));
}
