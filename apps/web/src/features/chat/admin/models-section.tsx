// Modelos: the assistant's language model (its settings) and a test question to the assistant in force.
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminShortcutActionsContract } from '@vitrine/domain/chat-admin.contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { guarded } from '@/features/admin/api/use-admin-table';
import { SettingsCard, useSettings } from '@/features/admin/components/settings-card';
import { callEndpoint } from '@/lib/api-client';

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

/** Asks the assistant in force a question, without storing a conversation. */
function AssistantTest() {
  const [question, setQuestion] = useState('Quais planos vocês têm?');
  const [answer, setAnswer] = useState<{ text: string; engine: string; failed?: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = guarded(async () => {
    setAsking(true);
    try {
      const result = await callEndpoint(adminShortcutActionsContract.testAssistant, { body: { question } });
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
    } finally {
      setAsking(false);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Pergunta de teste</CardTitle>
        <CardDescription>Responde com a configuração em vigor; nenhuma conversa é gravada.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <form
          className="flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (question.trim()) void ask();
          }}
        >
          <Input
            className="min-w-0 flex-1 basis-56"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            aria-label="Pergunta de teste"
            maxLength={500}
          />
          <Button type="submit" disabled={asking || !question.trim()}>
            <Play className="size-4" aria-hidden /> {asking ? 'Perguntando...' : 'Perguntar'}
          </Button>
        </form>
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
