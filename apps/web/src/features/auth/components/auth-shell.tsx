import { ArrowLeft, Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The frame of the /auth pages: back link, the PRO card with its title and description. */
export function AuthShell({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <main className="bg-muted/30 flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-md space-y-4">
        <Link to="/" className="text-muted-foreground hover:text-foreground inline-flex items-center gap-2 text-sm">
          <ArrowLeft className="size-4" aria-hidden />
          Voltar ao início
        </Link>
        <Card>
          <CardHeader className="text-center">
            <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-gradient-to-r from-violet-600 to-fuchsia-600 text-white">
              <Crown className="size-6" aria-hidden />
            </div>
            <CardTitle className="text-2xl" role="heading" aria-level={1}>
              {title}
            </CardTitle>
            <CardDescription className="break-words">{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
