// /pricing-calculator (behind the PRO guard): the pricing tabs, with the admin's recharge and
// reseller-plan managers as the Provedores, Fornecedores Completo, Planos para Clientes and Créditos tabs.
import { ResellerPlansSection } from '@/features/admin/sections/reseller-plans-section';
import { NewRechargePanel, ProvidersManager, RechargeOrdersPanel, StandardCostsEditor, SuppliersManager } from '@/features/admin/sections/recharge-sections';
import { PricingCalculatorPage } from '@/features/pricing-calculator/components/pricing-calculator-page';

export function Component() {
  return (
    <PricingCalculatorPage
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
