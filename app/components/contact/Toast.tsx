/**
 * What the contact form shows with JavaScript (app/islands/contact.ts), as
 * server-rendered markup: the live region its toasts appear in, a
 * <template> for each toast, and the button's "Sending..." state. The island
 * copies them; the words and classes live here, once.
 */

/**
 * The live region is always in the page, even when empty: screen readers
 * only announce changes to a region they already know about.
 */
export function ToastRegion() {
  return (
    <div
      id="contact-toasts"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center sm:inset-x-auto sm:right-6 sm:bottom-6 sm:items-end"
    />
  );
}

/** One toast: it fades in from @starting-style (no keyframes); the island removes it after TOAST_DURATION_MS, paused on hover and focus. */
export function ToastTemplate({ id, variant, title, body }: { id: string; variant: 'success' | 'error'; title: string; body: string }) {
  const isError = variant === 'error';
  return (
    <template id={id}>
      <div
        data-testid="toast"
        data-variant={variant}
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
          <p className="font-semibold">{title}</p>
          <p className={`mt-0.5 text-sm ${isError ? 'text-white' : 'text-fg-muted'}`}>{body}</p>
        </div>
        <button
          type="button"
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
    </template>
  );
}

/** What the send button says while a message is on its way. */
export function SendingTemplate({ id }: { id: string }) {
  return (
    <template id={id}>
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className="size-4 motion-safe:animate-spin">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      Sending...
    </template>
  );
}
