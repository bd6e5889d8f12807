import { useEffect, useRef } from 'react';

/**
 * A secret's input (a password, a token), emptied after each answer of its
 * form, never on the first render: what was typed before the page's script
 * ran stays, and a secret is never left in the page after it was sent.
 */
export function useEmptiedAfterAnswer(answer: unknown) {
  const input = useRef<HTMLInputElement>(null);
  const lastAnswer = useRef(answer);
  useEffect(() => {
    if (answer === lastAnswer.current) return;
    lastAnswer.current = answer;
    if (input.current) input.current.value = '';
  }, [answer]);
  return input;
}
