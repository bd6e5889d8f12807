import { useEffect, useRef } from 'react';

export type ToastMessage = {
  /** A new id shows the toast again even when the text is the same. */
  id: number;
  variant: 'success' | 'error';
  title: string;
  body: string;
};

/** Long enough to read both lines; hovering or focusing the toast pauses it. */
export const TOAST_DURATION_MS = 6000;

/**
 * The live region is always in the DOM, even when empty: screen readers only
 * announce changes to a region they already know about.
 */
export function ToastRegion({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center sm:inset-x-auto sm:right-6 sm:bottom-6 sm:items-end"
    >
      {toast ? <Toast key={toast.id} toast={toast} onDismiss={onDismiss} /> : null}
    </div>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pause = () => clearTimeout(timer.current);
  const start = () => {
    pause();
    timer.current = setTimeout(onDismiss, TOAST_DURATION_MS);
  };

  // Runs once per toast (a new one has a new key); onDismiss is stable. Hovering pauses and restarts the same timer.
  useEffect(() => {
    timer.current = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer.current);
  }, [onDismiss]);

  const isError = toast.variant === 'error';
  return (
    <div
      data-testid="toast"
      data-variant={toast.variant}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
      onKeyDown={(event) => event.key === 'Escape' && onDismiss()}
      // Fades in from @starting-style; no keyframes needed.
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg transition-[opacity,translate] duration-200 starting:opacity-0 motion-safe:starting:translate-y-2 ${
        isError ? 'border-red-700 bg-red-600 text-white dark:border-red-500 dark:bg-red-700' : 'border-border bg-bg text-fg'
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-sm font-bold ${
          isError ? 'bg-white/20 text-white' : 'bg-accent-soft text-accent-soft-fg'
        }`}
      >
        {isError ? '!' : '✓'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        <p className={`mt-0.5 text-sm ${isError ? 'text-white' : 'text-fg-muted'}`}>{toast.body}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className={`-m-1 grid size-8 shrink-0 place-items-center rounded-md transition-colors ${
          isError ? 'text-white/80 hover:bg-white/15 hover:text-white' : 'text-fg-muted hover:bg-bg-muted hover:text-fg'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}
