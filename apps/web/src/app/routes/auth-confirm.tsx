import { ConfirmAccountPage } from '@/features/auth/components/confirm-account-page';

export function Component() {
  return <ConfirmAccountPage />;
}
