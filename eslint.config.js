import fs from 'node:fs';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layering: features never import each other, except the shared admin layer; features never import the
// app; shared components and lib/ never import features.
// The admin is split by domain: features/admin holds the shell, the navigation and the shared admin layer
// (its data layer in api/, its building blocks in components/), and each domain's admin sections live in
// that domain's features/<domain>/admin/. That folder is the only place a feature may import another
// feature's code, and only the shared admin layer; the public side of a feature never loads the admin's.
// Paths are resolved (TypeScript resolver), so relative imports count too.
// eslint-import-resolver-typescript stays on 3.7: later versions need native binaries published
// for every platform, which an npm mirror carrying only Linux builds cannot serve to `npm ci`.
const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const subdirectories = (url) =>
  fs.existsSync(url)
    ? fs
        .readdirSync(url, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
const features = subdirectories(featuresDir);
const webSrc = './apps/web/src';
const sharedAdminLayer = ['./admin/api', './admin/components'];
const layerZones = [
  ...features.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: feature === 'admin' ? ['./admin'] : [`./${feature}`, ...sharedAdminLayer],
    message:
      'Uma feature não importa outra (só a camada comum do admin, features/admin/api e features/admin/components): componha-as na rota (apps/web/src/app/routes).',
  })),
  ...features
    .filter((feature) => feature !== 'admin')
    .map((feature) => ({
      target: subdirectories(new URL(`${feature}/`, featuresDir))
        .filter((folder) => folder !== 'admin')
        .map((folder) => `${webSrc}/features/${feature}/${folder}`),
      from: `${webSrc}/features/admin`,
      message: 'Só as seções do painel (features/<domínio>/admin/) importam a camada comum do admin.',
    }))
    .filter((zone) => zone.target.length > 0),
  {
    target: `${webSrc}/features`,
    from: `${webSrc}/app`,
    message: 'Uma feature não importa o app: as rotas (apps/web/src/app/routes) compõem as features, nunca o contrário.',
  },
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`],
    from: `${webSrc}/features`,
    message: 'Componentes compartilhados e lib/ não importam features.',
  },
];

// The API's layering: routes parse, authorise and call one use case; use cases hold the rules, the
// transactions and the audit writes; only repositories (<domain>.repository.ts), table modules
// (<domain>.tables.ts) and the db/ folder import Drizzle or tables.
const databaseImports = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/*.tables', '**/*.tables.ts', '**/*.tables.js', '**/db/schema', '**/db/schema.ts', '**/db/schema.js'],
  message: 'Só repositórios (<domínio>.repository.ts) acessam o banco: mova a consulta para o repositório do módulo e chame-o daqui.',
};
const auditWrites = {
  group: ['**/shared/audit/audit', '**/shared/audit/audit.ts', '**/shared/audit/audit.js'],
  importNames: ['recordAudit', 'adminWrite'],
  message: 'A gravação da auditoria fica no caso de uso, na mesma transação da escrita: a rota só chama o caso de uso.',
};
const testFiles = ['**/*.test.ts', '**/*.test-support.ts'];
const apiPathRules = [
  {
    selector: 'Literal[value=/^\\/api(\\/|$)/]',
    message: 'Use o contrato do endpoint (packages/domain/src/*.contract.ts), não um caminho /api escrito à mão.',
  },
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api(\\/|$)/]',
    message: 'Use o contrato do endpoint (packages/domain/src/*.contract.ts), não um caminho /api escrito à mão.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-cache/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: { project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/domain/tsconfig.json'] },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: layerZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Everything in modules/ and shared/ reaches the database through a repository (<domain>.repository.ts):
    // no Drizzle and no tables, not even as types (a repository exports the row types others need).
    files: ['apps/api/src/modules/**/*.ts', 'apps/api/src/shared/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.tables.ts', ...testFiles],
    rules: { 'no-restricted-imports': ['error', { patterns: [databaseImports] }] },
  },
  {
    // Routes call use cases: no database, and no audit writes (they belong in the use case's transaction).
    files: ['apps/api/src/**/*.routes.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [databaseImports, auditWrites] }] },
  },
  {
    // Use cases are plain functions that receive their dependencies: no HTTP framework in them, and no
    // database either (see above).
    files: ['apps/api/src/**/*.usecases.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Casos de uso não importam o Fastify: recebem suas dependências.' },
            databaseImports,
          ],
        },
      ],
    },
  },
  {
    // Paths of the API live in the endpoint contracts (packages/domain/src/*.contract.ts): the browser
    // calls callEndpoint/endpointUrl and the server registers routes with route().
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.routes.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathRules] },
  },
  {
    // One form primitive (decision 0025): a <form> element is written only by <Form> in components/form, and
    // nothing in the web app is cast to never (a contract change must fail the build where it lands).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/form/schema-form.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...apiPathRules,
        {
          selector: "JSXOpeningElement[name.name='form']",
          message: 'Use <Form> e useSaveKeepingInput de @/components/form/schema-form: a primitiva de formulário do app.',
        },
        { selector: 'TSAsExpression > TSNeverKeyword', message: "Sem 'as never': tipe pelo contrato do endpoint." },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'TSAsExpression > TSNeverKeyword', message: "Sem 'as never': tipe pelo contrato do endpoint." }] },
  },
  {
    // A route opens no transaction: the use case it calls does, with the writes and the audit row inside.
    files: ['apps/api/src/**/*.routes.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...apiPathRules,
        {
          selector: 'CallExpression[callee.property.name="transaction"]',
          message: 'Rotas não abrem transações: mova a escrita (e a auditoria) para um caso de uso (<domínio>.usecases.ts) e chame-o da rota.',
        },
      ],
    },
  },
  {
    // The env module is the only reader of process.env.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/env.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from src/config/env.ts' }] },
  },
);
