// GET /health, GET /settings, and the sign-in methods this project does not enable.
import type { AuthContext, AuthRequest } from '../context.ts';
import { badRequest, notEmulated } from '../errors.ts';
import { ok, type Reply } from '../reply.ts';

export async function health(): Promise<Reply> {
  return ok({
    version: 'local-stack',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

export async function settings(ctx: AuthContext): Promise<Reply> {
  const { config } = ctx;
  return ok({
    external: { email: config.email.enabled, phone: config.smsEnabled, anonymous_users: config.anonymousSignIns },
    disable_signup: !config.enableSignup,
    mailer_autoconfirm: !config.email.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

/** GET /authorize?provider=… : every OAuth provider is disabled in config.toml. */
export async function authorize(_ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const provider = request.url.searchParams.get('provider') ?? '';
  throw badRequest('validation_failed', `Unsupported provider: provider ${provider || '(none)'} is not enabled`);
}

export async function sso(): Promise<Reply> {
  throw notEmulated('POST /sso (SAML single sign-on)');
}
