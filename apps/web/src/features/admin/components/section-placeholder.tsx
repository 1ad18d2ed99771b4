import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { AdminSection } from '../lib/sections';

/** A section not built yet: its name, what it will manage, and that it is not available. No figures. */
export function SectionPlaceholder({ section }: { section: AdminSection }) {
  const Icon = section.icon;
  return (
    <Card className="max-w-2xl" data-testid="section-placeholder">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Icon className="text-primary size-5 shrink-0" aria-hidden />
          <CardTitle>
            <h2 className="text-lg">{section.label}</h2>
          </CardTitle>
          <Badge variant="secondary">Em breve</Badge>
        </div>
        <CardDescription>
          <p>Aqui você vai gerenciar {lowerFirst(section.description)}</p>
          <p className="mt-2">Esta seção ainda não está disponível.</p>
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
