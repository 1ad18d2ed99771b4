import { useMutation } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';

/** LGPD: everything the shop holds about one customer, as JSON (the server audits the export). */
export function useExportCustomerData() {
  return useMutation({
    mutationFn: (customerId: string) => callEndpoint(adminCustomersContract.exportData, { params: { id: customerId } }),
  });
}
