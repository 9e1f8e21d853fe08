import { useEffect, useEffectEvent } from 'react';

/** Calls `apply` with the trimmed text (undefined when empty) once typing has paused for 300 ms. */
export function useTypingPause(text: string, apply: (value: string | undefined) => void) {
  const onPause = useEffectEvent(apply);
  useEffect(() => {
    const value = text.trim() || undefined;
    const timer = setTimeout(() => onPause(value), 300);
    return () => clearTimeout(timer);
  }, [text]);
}
