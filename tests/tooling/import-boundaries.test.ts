// The local ESLint rule that keeps imports flowing one way: app → features → components → data → lib →
// config, i18n, types; admin tabs are features of their own beside the admin's shared layer; a data
// domain reaches another only for its keys. Each rule has an allowed case and a failing probe, and
// the probes use folders that do not exist yet: the rule matches by pattern, not by a list.
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importBoundaries, noAppCycle } from '../../eslint/import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const file = (relative: string) => `/repo/src/${relative}`;

tester.run('import-boundaries', importBoundaries, {
  valid: [
    // app composes everything; main.tsx belongs to it.
    {
      filename: file('app/routes/dashboard/wallet.tsx'),
      code: "import { Wallet } from '@/features/wallet/components/wallet'; import { o } from '@/data/wallet/keys';",
    },
    { filename: file('main.tsx'), code: "import { App } from '@/app/app';" },
    // features use their own files, components, data, lib and the bottom layers.
    {
      filename: file('features/wallet/components/balance.tsx'),
      code:
        "import { y } from '../utils/format-balance'; import { C } from '@/components/ui/card'; " +
        "import { b } from '@/data/wallet/get-wallet-balance'; import { f } from '@/lib/format'; " +
        "import { p } from '@/config/paths'; import { t } from '@/i18n/wallet'; import { T } from '@/types/db';",
    },
    { filename: file('features/ideas/components/board.tsx'), code: "import React from 'react';" },
    // One home per domain operation: a member screen and an admin tab import the same data file.
    { filename: file('features/ideas/components/board.tsx'), code: "import { d } from '@/data/ideas/delete-idea';" },
    {
      filename: file('features/admin/ideas/components/ideas-tab.tsx'),
      code: "import { d } from '@/data/ideas/delete-idea'; import { k } from '../../../../data/ideas/keys';",
    },
    // An admin tab uses its own files and the admin's shared layer (a new tab included).
    {
      filename: file('features/admin/users/components/users-tab.tsx'),
      code: "import { g } from '../../shared/components/admin-gate'; import { u } from '../utils/url-state';",
    },
    {
      filename: file('features/admin/newly-added/components/x.tsx'),
      code: "import { Q } from '@/features/admin/shared/components/pagination';",
    },
    {
      filename: file('features/admin/smtp/components/__tests__/smtp-tab.test.tsx'),
      code: "import { renderAdmin } from '../../../testing/render-admin'; import { s } from '@/testing/msw/server';",
    },
    // components may use data, lib and the bottom layers.
    {
      filename: file('components/layout/membership-badge.tsx'),
      code: "import { p } from '@/data/profile/get-own-profile'; import { f } from '@/lib/format';",
    },
    // data: its own domain, another domain's keys (a new domain included), lib and the bottom layers.
    {
      filename: file('data/payments/decide-payment.ts'),
      code:
        "import { paymentKeys } from './keys'; import { profileKeys } from '@/data/profile/keys'; " +
        "import { k } from '../newly-added/keys'; import { unwrap } from '@/lib/errors'; import { T } from '@/types/db';",
    },
    { filename: file('data/wallet/__tests__/x.test.ts'), code: "import { server } from '@/testing/msw/server';" },
    // lib imports lib and the bottom layers only.
    {
      filename: file('lib/errors.ts'),
      code: "import { t } from '../i18n/messages'; import { e } from '@/config/env'; import { s } from './supabase';",
    },
    // the test helpers serve every layer's tests.
    { filename: file('testing/render.tsx'), code: "import { Providers } from '@/components/layout/providers';" },
  ],
  invalid: [
    // Features never import each other (member features, admin tabs, a new folder included).
    {
      filename: file('features/wallet/components/balance.tsx'),
      code: "import { x } from '@/features/ccc/components/ccc-card';",
      errors: [{ messageId: 'crossFeature', data: { from: 'wallet', to: 'ccc' } }],
    },
    {
      filename: file('features/wallet/components/balance.tsx'),
      code: "import { x } from '../../ideas/utils/votes';",
      errors: [{ messageId: 'crossFeature', data: { from: 'wallet', to: 'ideas' } }],
    },
    {
      filename: file('features/newly-added/components/x.tsx'),
      code: "export { y } from '@/features/wallet/components/balance';",
      errors: [{ messageId: 'crossFeature', data: { from: 'newly-added', to: 'wallet' } }],
    },
    {
      filename: file('features/ideas/components/board.tsx'),
      code: "import { k } from '@/features/admin/ideas/components/ideas-tab';",
      errors: [{ messageId: 'crossFeature', data: { from: 'ideas', to: 'admin/ideas' } }],
    },
    {
      filename: file('features/wallet/components/balance.tsx'),
      code: "import { k } from '@/features/admin/shared/components/pagination';",
      errors: [{ messageId: 'crossFeature', data: { from: 'wallet', to: 'admin' } }],
    },
    {
      filename: file('features/admin/email-templates/components/template-form-dialog.tsx'),
      code: "import { s } from '../../smtp/components/smtp-form-dialog';",
      errors: [{ messageId: 'crossFeature', data: { from: 'admin/email-templates', to: 'admin/smtp' } }],
    },
    {
      filename: file('features/admin/shared/components/x.tsx'),
      code: "import { l } from '../../users/components/users-tab';",
      errors: [{ messageId: 'crossFeature', data: { from: 'admin', to: 'admin/users' } }],
    },
    // The admin area imports no member feature (a tab, the shared layer, a new tab).
    {
      filename: file('features/admin/ideas/components/ideas-tab.tsx'),
      code: "import { c } from '@/features/ideas/utils/categories';",
      errors: [{ messageId: 'adminToMember', data: { from: 'admin/ideas', to: 'ideas' } }],
    },
    {
      filename: file('features/admin/shared/components/x.tsx'),
      code: "import { c } from '../../../wallet/components/balance';",
      errors: [{ messageId: 'adminToMember', data: { from: 'admin', to: 'wallet' } }],
    },
    {
      filename: file('features/admin/newly-added/components/x.tsx'),
      code: "const m = import('@/features/settings/components/profile-form');",
      errors: [{ messageId: 'adminToMember', data: { from: 'admin/newly-added', to: 'settings' } }],
    },
    // Nothing imports app.
    {
      filename: file('components/layout/header.tsx'),
      code: "import { r } from '@/app/router';",
      errors: [{ messageId: 'intoApp' }],
    },
    {
      filename: file('data/wallet/keys.ts'),
      code: "const m = import('@/app/router');",
      errors: [{ messageId: 'intoApp' }],
    },
    // components never import features.
    {
      filename: file('components/layout/side-menu.tsx'),
      code: "import { x } from '@/features/wallet/components/balance';",
      errors: [{ messageId: 'upward' }],
    },
    // data never imports features or components.
    {
      filename: file('data/ideas/submit-idea.ts'),
      code: "import { s } from '@/features/ideas/schemas/idea.schema';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: file('data/community/toggle-reaction.ts'),
      code: "import { useToast } from '../../components/ui/toast';",
      errors: [{ messageId: 'upward' }],
    },
    // data/a imports data/b's keys only (a new domain included).
    {
      filename: file('data/auth/register.ts'),
      code: "import { v } from '@/data/referral/validate-referral-code';",
      errors: [{ messageId: 'dataCrossDomain', data: { from: 'auth', to: 'referral' } }],
    },
    {
      filename: file('data/newly-added/x.ts'),
      code: "import { k } from '../wallet/get-wallet-balance';",
      errors: [{ messageId: 'dataCrossDomain', data: { from: 'newly-added', to: 'wallet' } }],
    },
    // Nothing in lib imports components, data or features (tests beside it included).
    {
      filename: file('lib/notifications/x.ts'),
      code: "import { b } from '@/components/ui/badge';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: file('lib/auth/__tests__/auth-router.test.tsx'),
      code: "import { Providers } from '@/components/layout/providers';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: file('lib/query-client.ts'),
      code: "import { k } from '@/data/profile/keys';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: file('lib/errors.ts'),
      code: "import { x } from '@/features/auth/utils/redirect-urls';",
      errors: [{ messageId: 'upward' }],
    },
    // config, i18n and types are the bottom.
    {
      filename: file('i18n/messages.ts'),
      code: "import { f } from '@/lib/format';",
      errors: [{ messageId: 'upward' }],
    },
    // The test helpers are for tests only.
    {
      filename: file('features/wallet/components/balance.tsx'),
      code: "import { f } from '@/testing/factories';",
      errors: [{ messageId: 'testingOnlyInTests' }],
    },
  ],
});

// No import circle in src/app: the rule reads the other files from disk, so the probes are real files
// in a scratch src/app. Lazy import() calls and `import type` may point back; static value imports
// may not.
const scratch = mkdtempSync(path.join(tmpdir(), 'app-cycle-'));
const appFile = (relative: string, text: string) => {
  const absolute = path.join(scratch, 'src/app', relative);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  return absolute;
};
const router = appFile('router.tsx', "import { sections } from './sections';\nexport const r = sections;\n");
const registry = appFile(
  'sections.ts',
  "import { layout } from './routes/layout';\nexport const sections = [layout];\n",
);
appFile('routes/layout.tsx', "import { sections } from '../sections';\nexport const layout = () => sections;\n");
const lazyRouter = appFile('lazy/router.tsx', "import { sections } from './sections';\nexport const r = sections;\n");
appFile('lazy/sections.ts', "export const sections = [() => import('./layout')];\n");
appFile(
  'lazy/layout.tsx',
  "import type { S } from './sections';\nimport { sections } from './sections';\nexport const l: S = sections;\n",
);
const typeOnly = appFile('types/a.ts', "import type { B } from './b';\nexport type A = B;\n");
appFile('types/b.ts', "import type { A } from './a';\nexport type B = A | 1;\n");

tester.run('no-app-cycle', noAppCycle, {
  valid: [
    // A lazy chunk pointing back at the registry that names it.
    { filename: lazyRouter, code: "import { sections } from './sections';\nexport const r = sections;\n" },
    // Types only, both ways.
    { filename: typeOnly, code: 'export {};' },
    // A file that imports into a circle without being part of it: the circle is reported on its members.
    { filename: router, code: "import { sections } from './sections';\nexport const r = sections;\n" },
    // Outside src/app the rule says nothing.
    { filename: file('lib/format.ts'), code: "import { x } from './format';" },
  ],
  invalid: [
    {
      filename: registry,
      code: "import { layout } from './routes/layout';\nexport const sections = [layout];\n",
      errors: [{ messageId: 'cycle', data: { trail: 'app/sections.ts → app/routes/layout.tsx' } }],
    },
  ],
});
