import type { PageHandle } from '@/components/layouts/page-head';
import { PixDialog } from '@/features/chat/components/pix-dialog';
import { ContactChannelLinks } from '@/features/content/components/contact-info';
import { MySubscriptionPage } from '@/features/customers/components/my-subscription-page';

// Opened by the customer's own link (?t=…): not prerendered, not in any sitemap, and marked noindex.
export const handle: PageHandle = {
  title: 'Minha assinatura',
  description: 'Seu plano, o vencimento, o que foi entregue, seus pagamentos e a renovação com PIX.',
};

export function Component() {
  return (
    <MySubscriptionPage
      shopChannels={<ContactChannelLinks />}
      renderPix={(pix, onClose) => <PixDialog pix={pix} onOpenChange={(open) => !open && onClose()} />}
    />
  );
}
