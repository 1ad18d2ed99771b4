import type { PageHandle } from '@/components/layouts/page-head';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export const handle: PageHandle = {
  title: 'Redefinir senha',
};

export function Component() {
  return <ResetPasswordPage />;
}
