import { Loader2, Send } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { CONTACT_SENT_TOAST } from '@vitrine/domain/contact-text';
import type { ContactMessageInput } from '@vitrine/domain/content';
import { Form, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';

/** The specified send takes 2 s; the message is stored meanwhile. */
const SEND_DURATION_MS = 2_000;
const SENT_TOAST_MS = 5_000;

const NAME = { key: 'name', label: 'Nome', kind: 'text', input: { placeholder: 'Seu nome completo', autoComplete: 'name' } } as const satisfies FieldSpec;
const EMAIL = {
  key: 'email',
  label: 'E-mail',
  kind: 'text',
  type: 'email',
  input: { placeholder: 'seu@email.com', autoComplete: 'email' },
} as const satisfies FieldSpec;
const SUBJECT = { key: 'subject', label: 'Assunto', kind: 'text', input: { placeholder: 'Sobre o que você quer falar?' } } as const satisfies FieldSpec;
const MESSAGE = {
  key: 'message',
  label: 'Mensagem',
  kind: 'textarea',
  rows: 6,
  input: { placeholder: 'Escreva sua mensagem...' },
} as const satisfies FieldSpec;
const FIELDS = [NAME, EMAIL, SUBJECT, MESSAGE];
const EMPTY = { name: '', email: '', subject: '', message: '' };

// The message's schema (and Zod with it, 26 KB gzipped) loads with the form's first check (a field left,
// or the form sent), not with the page. Should its file not load, the server checks the message and the
// form says what it refused.
const contactSchema = () => import('@vitrine/domain/content').then((content) => content.contactMessageInputSchema);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ContactForm() {
  const send = useSendContactMessage();
  const form = useSchemaForm<ContactMessageInput>({ fields: FIELDS, schema: contactSchema, initial: EMPTY });
  const texts = useWatch({ control: form.control });
  // All four fields are required; the button stays disabled until each has text.
  const complete = FIELDS.every((field) => String(texts[field.key] ?? '').trim() !== '');

  const { submit, saving } = useSaveKeepingInput(
    form,
    async (input) => {
      try {
        await Promise.all([send.mutateAsync(input), wait(SEND_DURATION_MS)]);
        return { ok: true };
      } catch (error) {
        const failure = {
          title: 'Erro ao enviar mensagem',
          description:
            error instanceof ApiError && error.status === 429
              ? error.message
              : error instanceof ApiError && error.status === 400
                ? 'Verifique os campos e tente novamente.'
                : 'Não foi possível enviar sua mensagem. Tente novamente em instantes.',
        };
        // Said by its toast, as every public send; what was typed stays in the fields.
        notify.error(failure.title, failure.description);
        return { ok: false, ...failure };
      }
    },
    {
      onSaved: () => {
        notify.success(CONTACT_SENT_TOAST.title, CONTACT_SENT_TOAST.description, { duration: SENT_TOAST_MS });
        form.reset(EMPTY);
      },
    },
  );

  return (
    <Form onSubmit={submit} className="space-y-4" aria-label="Formulário de contato">
      <div className="grid gap-4 sm:grid-cols-2">
        <SchemaField form={form} field={NAME} idPrefix="contato" />
        <SchemaField form={form} field={EMAIL} idPrefix="contato" />
      </div>
      <SchemaField form={form} field={SUBJECT} idPrefix="contato" />
      <SchemaField form={form} field={MESSAGE} idPrefix="contato" />
      <Button type="submit" variant="gradient" size="lg" className="w-full sm:w-auto" disabled={!complete || saving}>
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        {saving ? 'Enviando...' : 'Enviar Mensagem'}
      </Button>
    </Form>
  );
}
