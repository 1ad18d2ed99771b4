// Records a voice note with MediaRecorder: idle → recording (a timer in seconds) → stopped, which
// hands the recording over to be sent, then idle again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_NOTE_MAX_SECONDS } from '@vitrine/domain/chat-text';

// What browsers record: WebM/Opus (Chromium, Firefox), MP4/AAC (Safari).
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

const extensionOf = (mimeType: string) => (mimeType.includes('mp4') ? 'm4a' : mimeType.includes('ogg') ? 'ogg' : 'webm');

export type RecorderState = 'idle' | 'recording' | 'stopped';

export function useVoiceRecorder({ onRecorded, onDenied }: { onRecorded: (audio: Blob, fileName: string) => void; onDenied: () => void }) {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const discard = useRef(false);
  const handlers = useRef({ onRecorded, onDenied });
  useEffect(() => {
    handlers.current = { onRecorded, onDenied };
  });

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (recorder.current) return;
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('sem gravação');
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      handlers.current.onDenied();
      return;
    }
    const mimeType = PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const current = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    current.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    current.onstop = () => {
      stopTimer();
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      if (discard.current) return;
      setState('stopped');
      const type = current.mimeType || mimeType || 'audio/webm';
      const audio = new Blob(chunks, { type });
      if (audio.size > 0) handlers.current.onRecorded(audio, `audio.${extensionOf(type)}`);
      setState('idle');
      setSeconds(0);
    };
    recorder.current = current;
    discard.current = false;
    current.start(250);
    const startedAt = Date.now();
    setSeconds(0);
    setState('recording');
    timer.current = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= VOICE_NOTE_MAX_SECONDS) stop();
    }, 250);
  }, [stop]);

  // Leaving the page mid-recording releases the microphone and sends nothing.
  useEffect(
    () => () => {
      discard.current = true;
      stopTimer();
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  return { state, seconds, start, stop };
}
