import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { RECOVERY_CODE_LENGTH, TOTP_DIGITS, twoFactorCodeInputSchema, twoFactorRecoveryInputSchema } from '@vitrine/domain/two-factor';
import { Form, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import type { AccessInfo } from '../api/get-session';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { authFailure } from '../lib/auth-error-message';

type CodeKind = 'totp' | 'recovery';

const CODE_FIELDS = {
  totp: [
    {
      key: 'code',
      label: 'Código do aplicativo',
      kind: 'text',
      keep: (typed: string) => typed.replace(/\D/g, ''),
      input: {
        className: 'text-center font-mono text-lg tracking-[0.5em]',
        autoComplete: 'one-time-code',
        inputMode: 'numeric',
        pattern: '[0-9]*',
        maxLength: TOTP_DIGITS,
        placeholder: '000000',
        autoFocus: true,
      },
    },
  ],
  recovery: [
    {
      key: 'code',
      label: 'Código de recuperação',
      kind: 'text',
      input: {
        className: 'text-center font-mono',
        autoComplete: 'off',
        autoCapitalize: 'off',
        spellCheck: false,
        maxLength: RECOVERY_CODE_LENGTH + 1,
        placeholder: 'xxxxx-xxxxx',
        autoFocus: true,
      },
    },
  ],
} as const satisfies Record<CodeKind, readonly FieldSpec[]>;
// The contract's bodies of the two verify endpoints: the code is checked (and said) the way the server checks it.
const CODE_SCHEMAS = { totp: twoFactorCodeInputSchema, recovery: twoFactorRecoveryInputSchema };

/**
 * The second step of a sign-in with two-factor on: the 6-digit code of the authenticator app, or one of
 * the recovery codes. The server allows 5 wrong codes per sign-in, then the e-mail and password again.
 */
export function TwoFactorStep({ email, onSignedIn, onRestart }: { email: string; onSignedIn: (access: AccessInfo) => void; onRestart: () => void }) {
  const [kind, setKind] = useState<CodeKind>('totp');
  // A form of its own per kind of code: switching starts with an empty field and no message.
  return (
    <CodeForm
      key={kind}
      kind={kind}
      email={email}
      onSignedIn={onSignedIn}
      onRestart={onRestart}
      onSwitch={() => setKind(kind === 'totp' ? 'recovery' : 'totp')}
    />
  );
}

function CodeForm({
  kind,
  email,
  onSignedIn,
  onRestart,
  onSwitch,
}: {
  kind: CodeKind;
  email: string;
  onSignedIn: (access: AccessInfo) => void;
  onRestart: () => void;
  onSwitch: () => void;
}) {
  const isTotp = kind === 'totp';
  const verify = useVerifyTwoFactor();
  const [field] = CODE_FIELDS[kind];
  // Checked when sent: a field left half-typed (to switch kinds, say) says nothing yet.
  const form = useSchemaForm({ fields: CODE_FIELDS[kind], schema: CODE_SCHEMAS[kind], initial: { code: '' }, mode: 'onSubmit' });
  const code = String(useWatch({ control: form.control, name: field.key }) ?? '');
  const { submit, failure, saving } = useSaveKeepingInput(form, async (input) => {
    try {
      onSignedIn(await verify.mutateAsync({ kind, code: input.code }));
      return { ok: true };
    } catch (cause) {
      // The refused code stays, selected: a typo is mended, a new code typed over it.
      form.setFocus(field.key, { shouldSelect: true });
      return authFailure(cause);
    }
  });

  return (
    <Form onSubmit={submit} className="space-y-4" aria-labelledby="duas-etapas-titulo">
      <div className="space-y-1">
        <h2 id="duas-etapas-titulo" className="text-lg font-semibold">
          Verificação em duas etapas
        </h2>
        <p className="text-muted-foreground text-sm break-words">
          {isTotp
            ? `Digite o código de ${TOTP_DIGITS} dígitos do aplicativo autenticador de ${email}.`
            : `Digite um dos códigos de recuperação de ${email} (${RECOVERY_CODE_LENGTH} letras e números). Cada código vale uma vez.`}
        </p>
      </div>
      <SchemaField form={form} field={field} idPrefix="auth-two-factor" />
      <SaveFailure variant="notice" failure={failure} />
      <Button type="submit" variant="gradient" className="w-full" disabled={saving || code.trim() === ''}>
        {saving ? (
          <>
            <Loader2 className="animate-spin" aria-hidden />
            <span>Verificando código...</span>
          </>
        ) : (
          'Verificar'
        )}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={onSwitch} disabled={saving}>
          {isTotp ? 'Usar um código de recuperação' : 'Usar o código do aplicativo'}
        </Button>
        <Button type="button" variant="link" className="text-muted-foreground h-auto p-0" onClick={onRestart} disabled={saving}>
          Voltar ao login
        </Button>
      </div>
    </Form>
  );
}
