/**
 * A form that names what its button says while it is sent
 * (data-pending-label; the private case study's "Unlocking…",
 * app/components/ui/PasswordForm.tsx): on submit the button says so and
 * is disabled until the answer replaces the page. Back from the next page
 * through the back/forward cache, the button is as it was.
 */
export function start() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-pending-label]')) {
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    const idle = button.textContent;
    form.addEventListener('submit', () => {
      button.textContent = form.dataset.pendingLabel!;
      button.disabled = true;
    });
    addEventListener('pageshow', () => {
      button.textContent = idle;
      button.disabled = false;
    });
  }
}
