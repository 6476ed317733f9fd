// The local ESLint rule that keeps imports flowing one way: shared → features → app.
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
  ],
  invalid: [
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
      code: "export { y } from '@/features/wallet/api/keys';",
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
