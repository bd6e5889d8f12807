/** What a settings form did, in a sentence: green when it worked, red (and announced at once) when it did not. */
export function AnswerNote({ id, answer }: { id: string; answer: { state: string; message: string } }) {
  const failed = answer.state === 'failed';
  return (
    <p
      id={id}
      role={failed ? 'alert' : 'status'}
      data-mail-answer={answer.state}
      className={`rounded-xl border px-4 py-3 text-sm ${failed ? 'border-red-600/30 bg-red-500/8 text-red-800 dark:text-red-300' : 'border-emerald-600/30 bg-emerald-500/10 text-emerald-900 dark:text-emerald-200'}`}
    >
      {answer.message}
    </p>
  );
}
