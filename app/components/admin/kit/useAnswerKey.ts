import { useRef } from 'react';

/**
 * A number that changes with each answer of a form (each action's data is a
 * new object), for the `key` of the box that says it: a second answer gets a
 * new live region, so a screen reader says it again even when its words are
 * the same as the last, and whoever watches the page sees a new box, not the
 * last one still standing while the next publish runs.
 */
export function useAnswerKey(answer: unknown): number {
  const seen = useRef({ answer, key: 0 });
  // Idempotent for the same answer, so a second render (StrictMode) keeps the key.
  if (seen.current.answer !== answer) seen.current = { answer, key: seen.current.key + 1 };
  return seen.current.key;
}
