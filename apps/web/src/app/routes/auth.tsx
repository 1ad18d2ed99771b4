import { ArrowLeft, Crown, Loader2 } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/features/auth/api/get-session';
import { AuthForm } from '@/features/auth/components/auth-form';

export function Component() {
  const session = useSession();
  // A signed-in user has nothing to do here (public-site.md §2, Auth screen).
  if (session.data?.signedIn) return <Navigate to="/" replace />;

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
            <CardTitle className="text-2xl">Acesso PRO</CardTitle>
            <CardDescription>Entre ou crie sua conta com um email PRO autorizado.</CardDescription>
          </CardHeader>
          <CardContent>
            {session.isPending ? (
              <div className="flex justify-center py-8">
                <Loader2 className="text-primary size-6 animate-spin" aria-label="Carregando" />
              </div>
            ) : (
              <AuthForm />
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
