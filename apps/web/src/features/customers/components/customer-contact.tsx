import { formatBrazilianPhone, type AdminCustomer } from '@vitrine/domain/customers';

/** The name, or what stands for it once erased (LGPD). */
export const customerLabel = (customer: Pick<AdminCustomer, 'name' | 'erasedAt'>) =>
  customer.name ?? (customer.erasedAt ? 'Cliente apagado (LGPD)' : 'Cliente sem nome');

/** WhatsApp as (11) 98765-4321 and the e-mail, or 'Sem contato'. */
export function ContactLines({ customer }: { customer: Pick<AdminCustomer, 'whatsapp' | 'email'> }) {
  if (!customer.whatsapp && !customer.email) return <span className="text-muted-foreground">Sem contato</span>;
  return (
    <span className="flex min-w-0 flex-col">
      {customer.whatsapp && <span className="whitespace-nowrap tabular-nums">{formatBrazilianPhone(customer.whatsapp)}</span>}
      {customer.email && <span className="break-all">{customer.email}</span>}
    </span>
  );
}
