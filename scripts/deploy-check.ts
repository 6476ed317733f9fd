// `npm run deploy:check`: validates the production settings before anything is pushed
// (docs/deploy.md): what `SUPABASE_ENV=production supabase config push` would send for auth,
// the send-email function's secrets and the app's production build variables. No local secrets,
// no localhost URLs, captcha on. Exits 1 and lists every problem otherwise.
import { ROOT } from './lib/root.ts';
import { checkDeployment, loadDeployment } from './lib/deploy-check.ts';

const inputs = await loadDeployment(ROOT);
const problems = checkDeployment(inputs);
const auth = (inputs.config.auth ?? {}) as Record<string, unknown>;
if (problems.length) {
  console.error(`deploy:check found ${problems.length} problem(s) in the production settings:\n`);
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  console.error(
    '\nProduction values live in supabase/.env.production (+ .env.production.local for secrets) and' +
      ' .env.production.local for the app build; see docs/deploy.md.',
  );
  process.exitCode = 1;
} else {
  console.log(`deploy:check: the production settings are sound.
  site_url             ${String(auth.site_url)}
  redirect URLs        ${JSON.stringify(auth.additional_redirect_urls)}
  app API              ${inputs.appEnv.VITE_SUPABASE_URL}
  app origin           ${inputs.appEnv.VITE_SITE_URL}`);
}
