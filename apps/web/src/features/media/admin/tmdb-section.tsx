// TMDB: the key, a test call, and the local catalogue /midia shows without a key.
import { Play } from 'lucide-react';
import { useState } from 'react';
import { localTitleSchema } from '@vitrine/domain/media';
import { mediaContract } from '@vitrine/domain/media.contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ResourceSection } from '@/features/admin/components/resource-section';
import { SettingsCard } from '@/features/admin/components/settings-card';
import { useTmdbStatus } from '../api/get-tmdb-status';
import { useTestTmdb } from '../api/test-tmdb';

const MEDIA_LIST_OPTIONS = 'trending, now_playing, upcoming, on_the_air, popular, top_rated';
/** The local catalogue as an admin resource: its own list, and the media module's writes. */
const localTitlesResource = {
  list: mediaContract.adminLocalTitles,
  create: mediaContract.createLocalTitle,
  update: mediaContract.updateLocalTitle,
  remove: mediaContract.deleteLocalTitle,
};

export function TmdbSection() {
  const status = useTmdbStatus();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const testTmdb = useTestTmdb();
  const test = async () => {
    try {
      const answer = await testTmdb.mutateAsync();
      setResult({
        ok: true,
        text: `Respondeu em ${answer.ms} ms com ${answer.count} gêneros (fonte: ${answer.source === 'tmdb' ? 'TMDB' : 'catálogo local'}).`,
      });
    } catch (error) {
      setResult({ ok: false, text: `Falha na conexão: ${(error as Error).message}` });
    }
  };
  return (
    <section className="space-y-4" aria-labelledby="tmdb-titulo">
      <h2 id="tmdb-titulo" className="text-lg font-semibold">
        TMDB
      </h2>
      <SettingsCard title="Chave da TMDB" description="Sem chave, /midia mostra o catálogo local." keys={['tmdb_api_key']} />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Situação</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          {status.data ? (
            <>
              <div>
                <div className="text-muted-foreground text-xs">Chave</div>
                <Badge variant={status.data.keyConfigured ? 'default' : 'outline'}>{status.data.keyConfigured ? 'Configurada' : 'Sem chave'}</Badge>
              </div>
              <div>
                <div className="text-muted-foreground text-xs">Respostas em cache</div>
                <div className="font-semibold tabular-nums">
                  {status.data.cacheEntries} de {status.data.cacheMaxEntries}
                </div>
              </div>
              <div>
                <div className="text-muted-foreground text-xs">Chamadas à TMDB</div>
                <div className="font-semibold tabular-nums">{status.data.upstreamRequests}</div>
              </div>
              <div>
                <div className="text-muted-foreground text-xs">Títulos locais</div>
                <div className="font-semibold tabular-nums">{status.data.localTitles}</div>
              </div>
            </>
          ) : (
            <p className="text-muted-foreground">Carregando...</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Teste</CardTitle>
          <CardDescription>Busca os gêneros de filmes pelo nosso servidor (com o cache dele).</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Button onClick={() => void test()}>
            <Play className="size-4" aria-hidden /> Testar
          </Button>
          {result && (
            <p className={result.ok ? 'text-sm' : 'text-destructive text-sm'} role="status">
              {result.text}
            </p>
          )}
        </CardContent>
      </Card>
      <ResourceSection
        id="titulos-locais"
        title="Catálogo local"
        description="Filmes e séries mostrados em /midia quando não há chave da TMDB."
        contract={localTitlesResource}
        table="media_titles"
        label="títulos"
        newLabel="Novo título"
        defaultSort="updatedAt"
        nameOf={(row) => String(row.title)}
        createSchema={localTitleSchema}
        defaults={{ mediaType: 'movie', title: '', overview: '', voteAverage: 0, lists: [], isActive: true }}
        columns={[
          { key: 'title', header: 'Título', cell: (row) => <span className="font-medium">{String(row.title)}</span> },
          { key: 'mediaType', header: 'Tipo', cell: (row) => (row.mediaType === 'tv' ? 'Série' : 'Filme') },
          { key: 'date', header: 'Data', cell: (row) => String(row.date ?? '—') },
          {
            key: 'isActive',
            header: 'Status',
            cell: (row) => <Badge variant={row.isActive ? 'default' : 'outline'}>{row.isActive ? 'Ativo' : 'Inativo'}</Badge>,
          },
        ]}
        fields={[
          { key: 'title', label: 'Título', kind: 'text' },
          {
            key: 'mediaType',
            label: 'Tipo',
            kind: 'select',
            options: [
              { value: 'movie', label: 'Filme' },
              { value: 'tv', label: 'Série' },
            ],
          },
          { key: 'date', label: 'Data de lançamento (AAAA-MM-DD)', kind: 'text', nullable: true },
          { key: 'voteAverage', label: 'Nota (0 a 10)', kind: 'number' },
          { key: 'posterUrl', label: 'Pôster', kind: 'url', nullable: true, upload: 'title-artwork' },
          { key: 'backdropUrl', label: 'Imagem de fundo', kind: 'url', nullable: true, upload: 'title-artwork' },
          { key: 'isActive', label: 'Ativo', kind: 'boolean' },
          { key: 'overview', label: 'Sinopse', kind: 'textarea' },
          { key: 'lists', label: 'Fileiras de /midia (uma por linha)', kind: 'lines', hint: `Valores: ${MEDIA_LIST_OPTIONS}.` },
        ]}
      />
    </section>
  );
}
