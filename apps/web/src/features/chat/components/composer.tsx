import { ImagePlus, Mic, SendHorizontal, Square } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import type { SendChatMessageBody } from '@vitrine/domain/chat';
import { CHAT_IMAGE_ACCEPT, CHAT_IMAGE_SNIFF_BYTES, CHAT_MESSAGE_MAX_LENGTH, CHAT_TEXTS, checkChatImage, formatRecordingTime } from '@vitrine/domain/chat-text';
import { Form, useSaveKeepingInput, useSchemaForm, useTypedBeforeHydration, type FieldSpec } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';

export interface ComposerProps {
  disabled: boolean;
  onSend: (text: string) => void;
  onImage: (file: File) => void;
  onAudio: (audio: Blob, fileName: string) => void;
}

const MESSAGE = { key: 'text', label: 'Mensagem', kind: 'textarea' } as const satisfies FieldSpec;
const MESSAGE_ID = 'chat-mensagem';
const FIELDS = [MESSAGE];
// The send endpoint's body, as the server checks it. Its schema (and Zod with it) is not in the chat's first
// load (decision 0012): it starts loading when the field is first focused, so the first message, sent
// seconds later, finds it there.
const messageSchema = () => import('@vitrine/domain/chat').then((chat) => chat.sendChatMessageBodySchema);

/**
 * Text (Enter sends, Shift+Enter breaks the line), an image to attach and a voice note to record.
 * A form of the primitive, drawn as a chat's message field: one textarea with its label for screen
 * readers only, no message under it (blank text cannot be sent at all), and the field emptied as soon as
 * the message is handed to the chat, which shows it at once and says itself when it is refused.
 */
export function Composer({ disabled, onSend, onImage, onAudio }: ComposerProps) {
  const form = useSchemaForm<SendChatMessageBody>({ fields: FIELDS, schema: messageSchema, initial: { text: '' }, mode: 'onSubmit' });
  const { field } = useController({ control: form.control, name: MESSAGE.key });
  // What the visitor typed before the page came to life is the message (/chat is prerendered).
  useTypedBeforeHydration(form, MESSAGE.key, MESSAGE_ID);
  const text = String(field.value ?? '');
  const picker = useRef<HTMLInputElement>(null);
  const recorder = useVoiceRecorder({
    onRecorded: onAudio,
    onDenied: () => notify.error(CHAT_TEXTS.micErrorTitle, CHAT_TEXTS.micErrorDescription),
  });
  const recording = recorder.state === 'recording';
  const canSend = text.trim().length > 0 && !disabled && !recording;
  // A message sent while the chat is still connecting (or answering) is kept in its field and sent as
  // soon as the chat can take it: what the visitor sent is never dropped. The field's text at that
  // moment is what goes (with anything typed since), read from the form, never from an older render.
  const [held, setHeld] = useState(false);
  const busy = useRef(disabled);
  useEffect(() => {
    busy.current = disabled;
  }, [disabled]);
  const typed = useCallback(() => String(form.getValues(MESSAGE.key) ?? ''), [form]);
  const hand = useCallback(
    (message: string) => {
      onSend(message);
      form.reset({ text: '' });
    },
    [form, onSend],
  );
  const { submit } = useSaveKeepingInput(form, async () => {
    if (busy.current) setHeld(true);
    else hand(typed());
    return { ok: true };
  });

  useEffect(() => {
    if (!held || disabled) return;
    setHeld(false);
    if (typed().trim().length > 0) hand(typed());
  }, [held, disabled, hand, typed]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (typed().trim().length === 0 || recording) return;
    void submit();
  };

  // Checked here by size and by the file's first bytes, and again on the server by content.
  const onPicked = async (file: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!file) return;
    const firstBytes = new Uint8Array(await file.slice(0, CHAT_IMAGE_SNIFF_BYTES).arrayBuffer());
    const problem = checkChatImage({ name: file.name, size: file.size, firstBytes });
    if (problem) {
      notify.error(CHAT_TEXTS.uploadErrorTitle, problem);
      return;
    }
    onImage(file);
  };

  return (
    <Form className="flex items-end gap-1.5 border-t p-2.5 sm:gap-2 sm:p-3" onSubmit={submit}>
      <input
        ref={picker}
        type="file"
        accept={CHAT_IMAGE_ACCEPT}
        className="hidden"
        data-testid="image-input"
        onChange={(event) => void onPicked(event.target.files?.[0])}
      />
      <Button type="button" variant="ghost" size="icon" aria-label="Anexar imagem" disabled={disabled || recording} onClick={() => picker.current?.click()}>
        <ImagePlus className="size-5" />
      </Button>
      {recording ? (
        <div
          className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-md border border-red-300 bg-red-50 px-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
          role="status"
        >
          <span aria-hidden className="size-2.5 animate-pulse rounded-full bg-red-600" />
          <span>Gravando</span>
          <span className="font-mono tabular-nums" data-testid="recording-time">
            {formatRecordingTime(recorder.seconds)}
          </span>
        </div>
      ) : (
        <textarea
          ref={field.ref}
          id={MESSAGE_ID}
          aria-label={MESSAGE.label}
          placeholder="Digite sua mensagem..."
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          onFocus={() => void messageSchema().catch(() => undefined)}
          onKeyDown={onKeyDown}
          className={cn(
            'border-input placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50 field-sizing-content max-h-32 min-h-9 min-w-0 flex-1 resize-none rounded-md border bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-[3px] md:text-sm',
          )}
        />
      )}
      {recording ? (
        <Button type="button" variant="destructive" size="icon" aria-label="Parar gravação" onClick={recorder.stop}>
          <Square className="size-4" />
        </Button>
      ) : (
        <Button type="button" variant="ghost" size="icon" aria-label="Gravar áudio" disabled={disabled} onClick={() => void recorder.start()}>
          <Mic className="size-5" />
        </Button>
      )}
      <Button type="submit" variant="gradient" size="icon" aria-label="Enviar mensagem" disabled={!canSend}>
        <SendHorizontal className="size-4" />
      </Button>
    </Form>
  );
}
