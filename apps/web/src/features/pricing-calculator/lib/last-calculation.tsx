// The last calculation of the Calculadora tab, shared with the Métricas tab.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { CalculatorInput, CalculatorResult } from '@vitrine/domain/pricing/calculator';

export interface LastCalculation {
  /** The form's fields it was calculated from: the result shows only while they are unchanged. */
  fieldsKey: string;
  input: CalculatorInput;
  providerName: string;
  /** Null when no tier of the provider covers the plan type and quantity. */
  result: CalculatorResult | null;
}

const LastCalculationContext = createContext<{ last: LastCalculation | null; setLast: (last: LastCalculation) => void; clearLast: () => void } | null>(null);

export function LastCalculationProvider({ children }: { children: ReactNode }) {
  const [last, setLast] = useState<LastCalculation | null>(null);
  const value = useMemo(() => ({ last, setLast, clearLast: () => setLast(null) }), [last]);
  return <LastCalculationContext.Provider value={value}>{children}</LastCalculationContext.Provider>;
}

export function useLastCalculation() {
  const context = useContext(LastCalculationContext);
  if (!context) throw new Error('useLastCalculation fora de LastCalculationProvider');
  return context;
}
