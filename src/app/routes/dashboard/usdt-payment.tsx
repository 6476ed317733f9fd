import { useParams } from 'react-router-dom';
import { UsdtPaymentPage } from '@/features/usdt-payment/components/usdt-payment-page';

/** /dashboard/platnosc-usdt/:orderId: our own payment page of a USDT order (issue 37; not a menu entry). */
export function Component() {
  const { orderId = '' } = useParams();
  return <UsdtPaymentPage key={orderId} orderId={orderId} />;
}
