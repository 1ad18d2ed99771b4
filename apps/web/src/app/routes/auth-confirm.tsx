import type { PageHandle } from '@/components/layouts/page-head';
import { ConfirmAccountPage } from '@/features/auth/components/confirm-account-page';

export const handle: PageHandle = {
  title: 'Confirmar e-mail',
};

export function Component() {
  return <ConfirmAccountPage />;
}
