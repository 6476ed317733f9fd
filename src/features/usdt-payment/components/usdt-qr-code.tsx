import { QRCodeSVG } from 'qrcode.react';

/** The payment request as a QR code (loaded only with the USDT payment page: qrcode.react stays out of the shell). */
export default function UsdtQrCode({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={192}
      marginSize={2}
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={label}
      title={label}
      data-testid="usdt-qr"
      data-value={value}
    />
  );
}
