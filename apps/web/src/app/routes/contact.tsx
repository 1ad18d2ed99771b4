import { Clock } from 'lucide-react';
import type { PageHandle } from '@/components/layouts/page-head';
import { ContactForm } from '@/features/content/components/contact-form';
import { ContactChannels, ContactFaqList, useContactContent } from '@/features/content/components/contact-info';

export const handle: PageHandle = {
  title: 'Contato',
  description: 'Fale com a Vitrine pelos canais de atendimento ou envie uma mensagem: respondemos em até 24 horas.',
};

export function Component() {
  const { channels, faq, isPending } = useContactContent();
  return (
    <main className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">Fale Conosco</h1>
        <p className="text-muted-foreground mt-4">Tem uma dúvida, sugestão ou precisa de ajuda? Escolha um canal ou envie uma mensagem.</p>
        <p className="bg-accent text-accent-foreground mt-4 inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium">
          <Clock className="size-4" aria-hidden />
          Respondemos em até 24 horas
        </p>
      </header>
      <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="canais-titulo" className="space-y-4">
          <h2 id="canais-titulo" className="text-xl font-semibold">
            Canais de atendimento
          </h2>
          <ContactChannels channels={channels} isPending={isPending} />
        </section>
        <section aria-labelledby="mensagem-titulo" className="bg-card rounded-2xl border p-6 shadow-sm sm:p-8">
          <h2 id="mensagem-titulo" className="mb-6 text-xl font-semibold">
            Envie sua mensagem
          </h2>
          <ContactForm />
        </section>
      </div>
      <section aria-labelledby="faq-titulo" className="mx-auto mt-16 max-w-3xl space-y-4">
        <h2 id="faq-titulo" className="text-center text-2xl font-bold">
          Perguntas frequentes
        </h2>
        <ContactFaqList faq={faq} />
      </section>
    </main>
  );
}
