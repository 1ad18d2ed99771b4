import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';
import { deliveriesKey } from './get-deliveries';

/** LGPD: the customer's personal data removed; the payments stay, anonymous, for the books. */
export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => callEndpoint(adminCustomersContract.erase, { params: { id: customerId } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: customersKey }), queryClient.invalidateQueries({ queryKey: deliveriesKey })]),
  });
}
