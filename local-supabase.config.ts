// What this app adds to the local Supabase stack (packages/local-supabase): `npm run stack` and
// `npm run dev` read this file from the project's root. The stack itself knows nothing of the app.
//  - the fake automation service the idea-webhook function posts new ideas to;
//  - the Przelewy24 sandbox the payment functions register, verify and are notified through;
//  - the in-memory TRON, Ethereum and BSC chains the USDT verifiers read (scripts/stack/chain.ts);
//  - the seed's SMTP configuration follows the mail catcher when STACK_SMTP_PORT moves it;
//  - the start-up summary lists the seeded accounts with their documented passwords.
import type { ProjectConfig } from '@klub/local-supabase';
import { WORKDIR } from './scripts/lib/root.ts';
import { accountLines } from './scripts/stack/accounts.ts';
import { automationService } from './scripts/stack/automation.ts';
import { chainService } from './scripts/stack/chain.ts';
import { przelewy24Service } from './scripts/stack/przelewy24.ts';
import { pointLocalSmtpAtMailCatcher } from './scripts/stack/smtp.ts';

export default {
  services: [automationService, chainService, przelewy24Service],
  onDatabaseReady: ({ dbUrl, ports }) => pointLocalSmtpAtMailCatcher(dbUrl, ports.smtp),
  summary: async ({ dbUrl }) => [['Accounts', (await accountLines(dbUrl, WORKDIR)).join('\n')]],
} satisfies ProjectConfig;
