// /pricing-calculator (behind the PRO guard): the pricing tabs, with the recharge and reseller-plan
// managers (features/pricing-calculator/admin/, also sections of /admin) as the Provedores, Fornecedores
// Completo, Planos para Clientes and Créditos tabs.
import { loadSelectControl } from '@/components/form/schema-form';
import type { PageHandle } from '@/components/layouts/page-head';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { NewRechargePanel, RechargeOrdersPanel, StandardCostsEditor } from '@/features/pricing-calculator/admin/credit-orders-section';
import { ProvidersManager } from '@/features/pricing-calculator/admin/providers-section';
import { ResellerPlansSection } from '@/features/pricing-calculator/admin/reseller-plans-section';
import { SuppliersManager } from '@/features/pricing-calculator/admin/suppliers-section';
import { PricingCalculatorPage } from '@/features/pricing-calculator/components/pricing-calculator-page';

// The panel's forms show selects: their control (loaded apart from the public pages' forms) comes with the panel.
void loadSelectControl();

export const handle: PageHandle = {
  title: 'Calculadora de preços',
};

export function Component() {
  return (
    <PricingCalculatorPage
      account={<SignOutButton size="default" />}
      managedTabs={{
        provedores: <ProvidersManager />,
        fornecedores: <SuppliersManager />,
        planos: (
          <div className="space-y-10">
            <ResellerPlansSection />
            <StandardCostsEditor />
          </div>
        ),
        creditos: (
          <div className="space-y-10">
            <NewRechargePanel />
            <RechargeOrdersPanel />
          </div>
        ),
      }}
    />
  );
}
