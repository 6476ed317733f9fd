// TOTP as GoTrue uses it (pquerna/otp): SHA1, 6 digits, 30 s, a 20-byte base32 secret, ±1 step.
import * as OTPAuth from 'otpauth';

export interface NewTotp {
  secret: string;
  uri: string;
}

export function newTotp(issuer: string, account: string): NewTotp {
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({ issuer, label: account, secret, algorithm: 'SHA1', digits: 6, period: 30 });
  return { secret: secret.base32, uri: totp.toString() };
}

export function totpCodeIsValid(secret: string, code: string): boolean {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.validate({ token: code, window: 1 }) !== null;
}

/** The QR code of the otpauth:// URI as SVG markup (GoTrue returns SVG; supabase-js makes it a data URL). */
export async function qrSvg(uri: string): Promise<string> {
  const [{ createElement }, { renderToStaticMarkup }, { QRCodeSVG }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('qrcode.react'),
  ]);
  const markup = renderToStaticMarkup(createElement(QRCodeSVG, { value: uri, level: 'H', size: 200 }));
  return markup.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
}
