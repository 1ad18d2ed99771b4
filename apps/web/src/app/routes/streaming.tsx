import type { PageHandle } from '@/components/layouts/page-head';
import { CreditSlider } from '@/features/resellers/components/credit-slider';
import { ResellerBenefits } from '@/features/resellers/components/reseller-benefits';
import { ResellerHero } from '@/features/resellers/components/reseller-hero';
import { ResellerPlanLists } from '@/features/resellers/components/reseller-plan-lists';
import { ServerCards } from '@/features/resellers/components/server-cards';

export const handle: PageHandle = {
  title: 'Revenda de streaming',
  description: 'Revenda os planos de streaming da Vitrine com créditos pré-pagos, planos mensais, planos por usuário ativo e servidores premium.',
};

export function Component() {
  return (
    <main>
      <ResellerHero />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-14">
        <CreditSlider />
        <ResellerPlanLists />
        <ServerCards />
        <ResellerBenefits />
      </div>
    </main>
  );
}
