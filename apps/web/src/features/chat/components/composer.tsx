import { ImagePlus, Mic, SendHorizontal, Square } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_IMAGE_ACCEPT, CHAT_IMAGE_SNIFF_BYTES, CHAT_MESSAGE_MAX_LENGTH, CHAT_TEXTS, checkChatImage, formatRecordingTime } from '@vitrine/domain/chat-text';
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

/** Text (Enter sends, Shift+Enter breaks the line), an image to attach and a voice note to record. */
export function Composer({ disabled, onSend, onImage, onAudio }: ComposerProps) {
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const recorder = useVoiceRecorder({
    onRecorded: onAudio,
    onDenied: () => notify.error(CHAT_TEXTS.micErrorTitle, CHAT_TEXTS.micErrorDescription),
  });
  const recording = recorder.state === 'recording';
  const canSend = text.trim().length > 0 && !disabled && !recording;
  // A message sent while the chat is still connecting (or answering) is kept in its field and sent as
  // soon as the chat can take it: what the visitor sent is never dropped.
  const [held, setHeld] = useState(false);

  const send = () => {
    if (text.trim().length === 0 || recording) return;
    if (disabled) {
      setHeld(true);
      return;
    }
    setHeld(false);
    onSend(text);
    setText('');
  };

  useEffect(() => {
    if (!held || disabled) return;
    setHeld(false);
    if (text.trim().length === 0) return;
    onSend(text);
    setText('');
  }, [held, disabled, text, onSend]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
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
    <form
      className="flex items-end gap-1.5 border-t p-2.5 sm:gap-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
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
          aria-label="Mensagem"
          placeholder="Digite sua mensagem..."
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
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
    </form>
  );
}
