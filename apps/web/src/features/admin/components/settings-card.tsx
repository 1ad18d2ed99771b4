// The shop's settings (integrations, PIX, contact) as the admin edits them: each setting on the form primitive,
// checked by its own schema, saved through /api/admin/settings, with where its value comes from. A field
// shows the stored value (again when another admin changes it), and its save names the version it showed.
import { Save, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SETTINGS, type Setting, type SettingKey } from '@vitrine/domain/settings';
import { Form, SaveFailure, SchemaField, useSaveKeepingInput, useSchemaForm, type FieldSpec } from '@/components/form/schema-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/lib/toast';
import { useSettings } from '../api/get-settings';
import { useResetSetting } from '../api/reset-setting';
import { useSetSetting } from '../api/set-setting';
import { attempt, guarded } from '../api/use-admin-table';

const SOURCE_LABELS: Record<Setting['source'], string> = { admin: 'definido no painel', env: 'do ambiente', default: 'texto padrão', none: 'não definido' };

/** One setting's form: its value, checked by the setting's own schema (a secret is typed as a password; a text of several lines, such as a reminder's e-mail, in a text area). */
const settingField = (setting: Setting): FieldSpec => ({
  key: 'value',
  label: setting.label,
  kind: setting.key.endsWith('_text') ? 'textarea' : 'text',
  rows: 6,
  type: setting.secret ? 'password' : 'text',
  input: { autoComplete: 'off', placeholder: setting.secret ? 'Novo valor (oculto)' : undefined, className: 'min-w-0 flex-1 basis-56' },
});

/** One setting: its value in force and where it comes from; a secret is write-only. */
function SettingField({ setting }: { setting: Setting }) {
  const setSetting = useSetSetting();
  const resetSetting = useResetSetting();
  const fields = useMemo(() => [settingField(setting)], [setting]);
  const schema = useMemo(() => z.object({ value: SETTINGS[setting.key as SettingKey].schema as z.ZodType<string> }), [setting.key]);
  const form = useSchemaForm({ fields, schema, initial: { value: setting.secret ? '' : setting.value } });
  const typed = String(useWatch({ control: form.control, name: 'value' }) ?? '');
  // The settings are read again once the save ends (the mutation waits for it), saved or refused.
  const save = attempt(async (value: string) => {
    try {
      await setSetting.mutateAsync({ key: setting.key, value, expectedUpdatedAt: setting.updatedAt });
      notify.success('Sucesso', 'Operação atualização realizada com sucesso.');
      if (setting.secret) form.reset({ value: '' });
    } catch (failure) {
      notify.error('Erro na Sincronização', `Falha na atualização: ${(failure as Error).message}`);
      throw failure;
    }
  });
  // Checked here by the setting's schema; the text goes as typed, and the server reads it with the same schema.
  const { submit, failure, saving } = useSaveKeepingInput(form, () => save(String(form.getValues('value'))));
  const reset = guarded(async () => {
    try {
      await resetSetting.mutateAsync(setting.key);
      notify.success('Sucesso', 'A configuração voltou ao valor do ambiente.');
    } catch (failure) {
      notify.error('Erro na Sincronização', `Falha na exclusão: ${(failure as Error).message}`);
    }
  });
  return (
    <Form onSubmit={submit}>
      <SchemaField
        form={form}
        field={fields[0]!}
        idPrefix={`config-${setting.key}`}
        labelExtra={
          <>
            <Badge variant="outline">{SOURCE_LABELS[setting.source]}</Badge>
            {setting.secret && setting.value && <code className="text-muted-foreground text-xs">{setting.value}</code>}
          </>
        }
        beside={
          <>
            <Button type="submit" disabled={!typed.trim() || saving}>
              <Save className="size-4" aria-hidden /> Salvar
            </Button>
            {setting.source === 'admin' && (
              <Button type="button" variant="outline" onClick={() => void reset()} aria-label={`Voltar ${setting.label} ao ambiente`}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            )}
          </>
        }
      />
      <SaveFailure failure={failure} className="mt-2" />
    </Form>
  );
}

export function SettingsCard({ title, description, keys, id }: { title: string; description: string; keys: SettingKey[]; id?: string }) {
  const settings = useSettings();
  return (
    <Card id={id}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.data ? (
          settings.data
            .filter((setting) => keys.includes(setting.key))
            .map((setting) => <SettingField key={`${setting.key}:${setting.source}:${setting.value}:${setting.updatedAt}`} setting={setting} />)
        ) : (
          <p className="text-muted-foreground text-sm">Carregando...</p>
        )}
      </CardContent>
    </Card>
  );
}
