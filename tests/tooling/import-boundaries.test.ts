// The local ESLint rule that keeps imports flowing one way: shared → features → app; admin tabs are
// features of their own beside the admin's shared layer; domain homes in src/lib serve both sides.
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { importBoundaries } from '../../eslint/import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const file = (relative: string) => `/repo/src/${relative}`;

tester.run('import-boundaries', importBoundaries, {
  valid: [
    { filename: file('features/wallet/components/balance.tsx'), code: "import { x } from '@/lib/format';" },
    { filename: file('features/wallet/components/balance.tsx'), code: "import { y } from '../api/get-balance';" },
    {
      filename: file('app/routes/dashboard/wallet.tsx'),
      code: "import { Wallet } from '@/features/wallet/components/wallet';",
    },
    {
      filename: file('app/routes/dashboard/home.tsx'),
      code: "import { a } from '@/features/ideas/api/keys'; import { b } from '@/features/ccc/api/keys';",
    },
    { filename: file('main.tsx'), code: "import { App } from '@/app/app';" },
    { filename: file('lib/errors.ts'), code: "import { t } from '../i18n/messages';" },
    { filename: file('features/ideas/components/board.tsx'), code: "import React from 'react';" },
    // One home per domain operation: member pages and admin tabs import the same src/lib/<domain>.
    { filename: file('features/ideas/components/board.tsx'), code: "import { d } from '@/data/ideas/delete-idea';" },
    {
      filename: file('features/admin/ideas/components/ideas-tab.tsx'),
      code: "import { d } from '@/data/ideas/delete-idea'; import { k } from '../../../../lib/ideas/keys';",
    },
    // An admin tab uses its own files and the admin's shared layer (a new tab included).
    {
      filename: file('features/admin/users/components/users-tab.tsx'),
      code: "import { k } from '../../shared/api/keys'; import { l } from '../api/list-users';",
    },
    {
      filename: file('features/admin/newly-added/components/x.tsx'),
      code: "import { Q } from '@/features/admin/shared/components/query-states';",
    },
    {
      filename: file('features/admin/smtp/components/__tests__/smtp-tab.test.tsx'),
      code: "import { renderAdmin } from '../../../testing/render-admin';",
    },
    { filename: file('features/admin/shared/components/x.tsx'), code: "import { k } from '../api/keys';" },
  ],
  invalid: [
    {
      filename: file('features/admin/ideas/api/delete-idea.ts'),
      code: "import { d } from '@/features/ideas/api/delete-idea';",
      errors: [{ messageId: 'crossFeature', data: { from: 'admin/ideas', to: 'ideas' } }],
    },
    {
      filename: file('features/ideas/api/keys.ts'),
      code: "import { k } from '@/data/ideas/list-ideas';",
      errors: [{ messageId: 'crossFeature', data: { from: 'ideas', to: 'admin/ideas' } }],
    },
    {
      filename: file('features/wallet/api/keys.ts'),
      code: "import { k } from '@/data/admin-keys';",
      errors: [{ messageId: 'crossFeature', data: { from: 'wallet', to: 'admin' } }],
    },
    {
      filename: file('features/admin/email-templates/components/template-form-dialog.tsx'),
      code: "import { s } from '../../smtp/api/save-smtp-config';",
      errors: [{ messageId: 'crossFeature', data: { from: 'admin/email-templates', to: 'admin/smtp' } }],
    },
    {
      filename: file('features/admin/shared/components/x.tsx'),
      code: "import { l } from '../../users/api/list-users';",
      errors: [{ messageId: 'crossFeature', data: { from: 'admin', to: 'admin/users' } }],
    },
    {
      filename: file('lib/ideas/delete-idea.ts'),
      code: "import { k } from '@/features/admin/ideas/api/keys';",
      errors: [{ messageId: 'sharedToFeature', data: { to: 'admin/ideas' } }],
    },
    {
      filename: file('features/wallet/components/balance.tsx'),
      code: "import { x } from '@/features/ccc/api/keys';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('features/wallet/components/balance.tsx'),
      code: "import { x } from '../../ideas/api/keys';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('features/newly-added/components/x.tsx'),
      code: "export { y } from '@/data/wallet/keys';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: file('lib/errors.ts'),
      code: "import { x } from '@/features/auth/api/sign-in';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
    {
      filename: file('components/layout/header.tsx'),
      code: "import { r } from '@/app/router';",
      errors: [{ messageId: 'intoApp' }],
    },
    {
      filename: file('features/wallet/api/keys.ts'),
      code: "const m = import('@/app/router');",
      errors: [{ messageId: 'intoApp' }],
    },
  ],
});
