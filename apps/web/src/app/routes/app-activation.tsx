import { AppActivation } from '@/features/catalog/components/app-activation';

export function Component() {
  return (
    <main>
      <AppActivation />
    </main>
  );
}
