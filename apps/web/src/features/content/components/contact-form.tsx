import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { CONTACT_SENT_TOAST } from '@vitrine/domain/contact-text';
import type { contactMessageInputSchema } from '@vitrine/domain/content';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';

type ContactFormValues = z.input<typeof contactMessageInputSchema>;
type ContactMessage = z.output<typeof contactMessageInputSchema>;

/** The specified send takes 2 s; the message is stored meanwhile. */
const SEND_DURATION_MS = 2_000;
const SENT_TOAST_MS = 5_000;
const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The message's schema (and Zod with it, 26 KB gzipped) loads with the form's first check (a field left,
// or the form sent), not with the page. Should its file not load, the server checks the message and the
// form says what it refused.
let checkMessage: Resolver<ContactFormValues, unknown, ContactMessage> | undefined;
const contactResolver: Resolver<ContactFormValues, unknown, ContactMessage> = async (values, context, options) => {
  if (!checkMessage) {
    const content = await import('@vitrine/domain/content').catch(() => null);
    if (!content) return { values: values as ContactMessage, errors: {} };
    checkMessage = zodResolver(content.contactMessageInputSchema);
  }
  return checkMessage(values, context, options);
};

export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactFormValues, unknown, ContactMessage>({
    resolver: contactResolver,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });
  // All four fields are required; the button stays disabled until each has text.
  const complete = (['name', 'email', 'subject', 'message'] as const).every((key) => (values[key] ?? '').trim() !== '');
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(input: ContactMessage) {
    try {
      await Promise.all([send.mutateAsync(input), wait(SEND_DURATION_MS)]);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 429
          ? error.message
          : error instanceof ApiError && error.status === 400
            ? 'Verifique os campos e tente novamente.'
            : 'Não foi possível enviar sua mensagem. Tente novamente em instantes.';
      notify.error('Erro ao enviar mensagem', message);
      return;
    }
    notify.success(CONTACT_SENT_TOAST.title, CONTACT_SENT_TOAST.description, { duration: SENT_TOAST_MS });
    form.reset(EMPTY);
  }

  const field = (name: keyof ContactFormValues) => ({
    id: `contato-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contato-${name}-erro` : undefined,
    ...form.register(name),
  });
  const errorText = (name: keyof ContactFormValues) =>
    errors[name] && (
      <p id={`contato-${name}-erro`} className="text-destructive text-xs">
        {errors[name]?.message}
      </p>
    );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Formulário de contato">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="contato-name">Nome</Label>
          <Input placeholder="Seu nome completo" autoComplete="name" {...field('name')} />
          {errorText('name')}
        </div>
        <div className="space-y-2">
          <Label htmlFor="contato-email">E-mail</Label>
          <Input type="email" placeholder="seu@email.com" autoComplete="email" {...field('email')} />
          {errorText('email')}
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor="contato-subject">Assunto</Label>
        <Input placeholder="Sobre o que você quer falar?" {...field('subject')} />
        {errorText('subject')}
      </div>
      <div className="space-y-2">
        <Label htmlFor="contato-message">Mensagem</Label>
        <Textarea rows={6} placeholder="Escreva sua mensagem..." {...field('message')} />
        {errorText('message')}
      </div>
      <Button type="submit" variant="gradient" size="lg" className="w-full sm:w-auto" disabled={!complete || isSubmitting}>
        {isSubmitting ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        {isSubmitting ? 'Enviando...' : 'Enviar Mensagem'}
      </Button>
    </form>
  );
}
