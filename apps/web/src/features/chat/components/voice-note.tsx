// A voice note in the conversation. A recording made with MediaRecorder (WebM) says nothing of its
// length in its header, so the player reads 0:00 (an infinite duration) until it has been played
// through; here the player seeks past the end once, which makes the browser find the length and show it.
import { useEffect, useRef } from 'react';

/** A ref for an <audio> whose length, when its file does not state it, is found before it is played. */
function useResolvedLength(src: string) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    let probing = false;
    const read = () => {
      if (Number.isFinite(element.duration) && element.duration > 0) {
        if (probing) {
          probing = false;
          element.currentTime = 0;
        }
        return;
      }
      // No length in the file's header: a seek past the end makes the browser read it to the end.
      if (!probing && element.readyState >= HTMLMediaElement.HAVE_METADATA) {
        probing = true;
        element.currentTime = Number.MAX_SAFE_INTEGER;
      }
    };
    read();
    element.addEventListener('loadedmetadata', read);
    element.addEventListener('durationchange', read);
    return () => {
      element.removeEventListener('loadedmetadata', read);
      element.removeEventListener('durationchange', read);
    };
  }, [src]);
  return audio;
}

export function VoiceNote({ src }: { src: string }) {
  const audio = useResolvedLength(src);
  return <audio ref={audio} controls preload="metadata" src={src} className="w-60 max-w-full" data-testid="message-audio" />;
}
