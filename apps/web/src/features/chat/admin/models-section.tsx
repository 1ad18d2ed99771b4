// Modelos: the assistant's language model (its settings) and a test question to the assistant in force.
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { assistantTestInputSchema } from '@vitrine/domain/chat-admin';
import { Form, messageOf, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useSettings } from '@/features/admin/api/get-settings';
import { attempt } from '@/features/admin/api/use-admin-table';
import { SettingsCard } from '@/features/admin/components/settings-card';
import { useTestAssistant } from '../api/test-assistant';

export function ModelsSection() {
  const settings = useSettings();
  const configured = settings.data
    ?.filter((setting) => setting.key === 'llm_base_url' || setting.key === 'llm_model')
    .every((setting) => setting.source !== 'none');
  return (
    <section className="space-y-4" aria-labelledby="modelos-titulo">
      <h2 id="modelos-titulo" className="text-lg font-semibold">
        Modelos
      </h2>
      <p className="text-sm">
        Motor em uso:{' '}
        <Badge>{settings.data ? (configured ? 'Modelo de linguagem (com o assistente embutido como reserva)' : 'Assistente embutido') : '...'}</Badge>
      </p>
      <SettingsCard
        title="Modelo de linguagem"
        description="Um serviço compatível com a API da OpenAI. Sem endereço e modelo, o assistente embutido responde; preços e PIX vêm sempre do catálogo, nunca do modelo."
        keys={['llm_base_url', 'llm_model', 'llm_api_key', 'llm_instructions']}
      />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Respostas prontas</CardTitle>
          <CardDescription>
            As perguntas e respostas que o assistente conhece ficam em{' '}
            <Link to="/admin/content" className="underline">
              Conteúdo → FAQ do assistente
            </Link>
            ; o assistente embutido responde com elas, e o modelo de linguagem as recebe como fatos.
          </CardDescription>
        </CardHeader>
      </Card>
      <AssistantTest />
    </section>
  );
}

const QUESTION_FIELDS: FieldSpec[] = [{ key: 'question', label: 'Pergunta de teste', kind: 'text' }];

/** Asks the assistant in force a question, without storing a conversation. */
function AssistantTest() {
  const form = useSchemaForm({
    fields: QUESTION_FIELDS,
    schema: assistantTestInputSchema,
    initial: { question: 'Quais planos vocês têm?' },
  });
  const question = String(useWatch({ control: form.control, name: 'question' }) ?? '');
  const [answer, setAnswer] = useState<{ text: string; engine: string; failed?: boolean } | null>(null);
  const testAssistant = useTestAssistant();
  // The answer, or why there is none, is shown under the question, which stays for the next try.
  const ask = attempt(async ({ question }: { question: string }) => {
    try {
      const result = await testAssistant.mutateAsync(question);
      setAnswer({
        text: result.answer,
        engine:
          result.engine === 'llm'
            ? 'Modelo de linguagem'
            : result.fallback
              ? `Assistente embutido (o modelo falhou: ${result.fallback})`
              : 'Assistente embutido',
      });
    } catch (error) {
      setAnswer({ text: (error as Error).message, engine: 'Erro', failed: true });
    }
  });
  const { submit, saving: asking } = useSaveKeepingInput(form, ask);
  const message = messageOf(form.formState.errors, 'question');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Pergunta de teste</CardTitle>
        <CardDescription>Responde com a configuração em vigor; nenhuma conversa é gravada.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {/* The card's title says what the field is; it is named for assistive technology only. */}
        <Form className="flex flex-wrap gap-2" onSubmit={submit}>
          <Input
            className="min-w-0 flex-1 basis-56"
            aria-label="Pergunta de teste"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'modelos-pergunta-erro' : undefined}
            maxLength={500}
            {...form.register('question')}
          />
          <Button type="submit" disabled={asking || !question.trim()}>
            <Play className="size-4" aria-hidden /> {asking ? 'Perguntando...' : 'Perguntar'}
          </Button>
          {message && (
            <p id="modelos-pergunta-erro" className="text-destructive basis-full text-xs">
              {message}
            </p>
          )}
        </Form>
        {answer && (
          <div className="space-y-1 text-sm" role="status">
            <Badge variant={answer.failed ? 'destructive' : 'secondary'}>{answer.engine}</Badge>
            <p className="whitespace-pre-wrap">{answer.text}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
