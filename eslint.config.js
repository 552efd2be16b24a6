import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const serverImports = {
  group: ['**/server/**', '@doublecast/server*'],
  message: 'The web app talks to the server over HTTP only.',
};

/**
 * Lint zones on the web side: a file in web/src/features/A may not import web/src/features/B
 * (shared code lives in web/src/components, web/src/lib or common; app/routes composes
 * features), and components/ and lib/ import no feature. Relative imports are matched by depth:
 * from a file N folders below its feature, exactly N+1 "../" lead to a sibling feature.
 */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = webFeatures.flatMap((feature) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              regex: `^(\\.\\./){${depth + 1}}(?!${feature}(/|$))[^./][^/]*`,
              message:
                'A web feature never imports another feature: move shared code to web/src/components, web/src/lib or common.',
            },
            {
              regex: `(^|/)features/(?!${feature}(/|$))`,
              message: 'A web feature never imports another feature.',
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/src/env.ts only.',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  ...featureZones,
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              regex: '(^|/)features/',
              message: 'Shared web code (components, lib) imports no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature's SQL is its own (docs/architecture.md): other features and the server's jobs call
    // the owning feature's service (history, usage, analytics...), never its repository.
    // One exception for now: admin/voices is the admin half of the voices feature and still reads
    // and writes through voices.repository (decision 190).
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.test.ts',
      'server/src/test/**',
      'server/src/features/admin/voices/voices-admin.service.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\.?/)+([^./][^/]*/)+[^/]+\\.repository(\\.ts)?$',
              message:
                "Another feature's repository: call that feature's service (its typed functions) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.)', message: 'common imports only zod.' }] },
      ],
    },
  },
  {
    // The one exception (decision 360): the Final Draft reader uses saxes; only the server imports it.
    files: ['common/src/script-parser/parse-fdx.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|saxes$|\\.)', message: 'common imports only zod (and saxes here).' },
          ],
        },
      ],
    },
  },
  {
    // env.ts is the one reader of process.env; scripts, tests and the e2e harness configure child processes.
    files: [
      'server/src/env.ts',
      'scripts/**',
      'bench/**',
      'e2e/**',
      '**/*.test.ts',
      'server/src/test/**',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A test or benchmark builds the app it needs from createApp's options (synthesis, storage,
    // db...) and never swaps part of a running app's context, which other tests share.
    files: ['server/src/**/*.test.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "AssignmentExpression > MemberExpression.left[property.name='ctx']",
          "AssignmentExpression > MemberExpression.left[object.name='ctx']",
          "AssignmentExpression > MemberExpression.left:has(MemberExpression[property.name='ctx'])",
          "CallExpression[callee.object.name='Object'][callee.property.name='assign'] > MemberExpression.arguments:first-child[property.name='ctx']",
        ].map((selector) => ({
          selector,
          message:
            "Build the app with what the test needs (createTestApp's options) instead of changing its context.",
        })),
      ],
    },
  },
);
