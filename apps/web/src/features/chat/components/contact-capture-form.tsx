// The answer to the assistant's question before the first PIX: a name and a WhatsApp and/or an e-mail, with
// why they are asked. The contract's own schema checks them (its Portuguese messages under each field) and
// reads them as the server will (the WhatsApp in E.164); the visitor may as well type the answer in the
// composer, which the server reads too.
import { useEffect, useRef } from 'react';
import { CONTACT_REASON, contactCaptureSchema, type ContactCapture } from '@vitrine/domain/customers';
import { Form, SaveButton, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import type { WriteOutcome } from '@/components/form/write-outcome';

const FIELDS: readonly FieldSpec[] = [
  { key: 'name', label: 'Nome', kind: 'text', input: { autoComplete: 'name', placeholder: 'Maria Silva', maxLength: 100 } },
  {
    key: 'whatsapp',
    label: 'WhatsApp (com DDD)',
    kind: 'text',
    type: 'tel',
    optional: true,
    input: { autoComplete: 'tel-national', inputMode: 'tel', placeholder: '(11) 98765-4321', maxLength: 40 },
  },
  {
    key: 'email',
    label: 'E-mail',
    kind: 'text',
    type: 'email',
    optional: true,
    input: { autoComplete: 'email', placeholder: 'nome@exemplo.com', maxLength: 254 },
  },
];
const [NAME, WHATSAPP, EMAIL] = FIELDS as [FieldSpec, FieldSpec, FieldSpec];

/** Sent once the schema accepts it; a refused send keeps every field and says why. */
export default function ContactCaptureForm({ onSubmit }: { onSubmit: (contact: ContactCapture) => Promise<WriteOutcome> }) {
  const form = useSchemaForm({ fields: FIELDS, schema: contactCaptureSchema, initial: {} });
  const { submit, failure, saving } = useSaveKeepingInput(form, onSubmit);
  // It arrives after the question (its code loads then): brought into the conversation's view, as the messages are.
  const box = useRef<HTMLDivElement>(null);
  // A block, not an arrow's value: Chromium's scrollIntoView now returns a promise, which React would take for
  // the effect's clean-up and call as the form leaves (the page's error boundary took the whole chat then).
  useEffect(() => {
    void box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={box}>
      <Form onSubmit={submit} aria-label="Seu nome e contato" className="bg-background grid gap-3 rounded-xl border p-3 text-sm" data-testid="contact-capture">
        <p className="text-muted-foreground text-xs">Seu nome e um WhatsApp e/ou e-mail, {CONTACT_REASON}.</p>
        <SchemaField form={form} field={NAME} idPrefix="chat-contato" />
        <SchemaField form={form} field={WHATSAPP} idPrefix="chat-contato" />
        <SchemaField form={form} field={EMAIL} idPrefix="chat-contato" />
        <SaveFailure failure={failure} />
        <SaveButton saving={saving} label="Enviar contato" className="w-full sm:w-auto sm:justify-self-start" />
      </Form>
    </div>
  );
}
