import { CONTACT_FIELDS, CONTACT_TEXT, TOAST_DURATION_MS, type ContactActionData, type ContactField } from '~/contact/form';

/**
 * The contact form sent in place (app/components/contact/ContactForm.tsx):
 * the same fields posted to the form's data-endpoint, which answers what the
 * page's own action would, as JSON. While it is on its way the button says
 * "Sending..." and is disabled. A message sent empties the fields and shows
 * the success toast; the field errors show beside their fields, the first one
 * focused; a failed send (or no answer at all) shows the error toast, logs
 * the reason to the console and keeps everything typed. Editing a field
 * clears its error. The toast goes after TOAST_DURATION_MS, paused while
 * hovered or focused; Escape or its button dismiss it.
 *
 * Everything shown is copied from the <template>s the page renders.
 */

const clone = (id: string) => (document.getElementById(id) as HTMLTemplateElement).content.cloneNode(true) as DocumentFragment;

export function start() {
  const form = document.getElementById('contact-form') as HTMLFormElement;
  const region = document.getElementById('contact-toasts')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const idle = [...button.childNodes];
  const control = (field: ContactField) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement;
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const dismiss = () => {
    clearTimeout(timer);
    region.replaceChildren();
  };
  const countDown = () => {
    clearTimeout(timer);
    timer = setTimeout(dismiss, TOAST_DURATION_MS);
  };
  const toast = (variant: 'success' | 'error') => {
    dismiss();
    const content = clone(`contact-toast-${variant}`);
    const shown = content.firstElementChild as HTMLElement;
    shown.addEventListener('mouseenter', () => clearTimeout(timer));
    shown.addEventListener('mouseleave', countDown);
    shown.addEventListener('focusin', () => clearTimeout(timer));
    shown.addEventListener('focusout', countDown);
    shown.addEventListener('keydown', (event) => event.key === 'Escape' && dismiss());
    shown.querySelector('button')!.addEventListener('click', dismiss);
    region.append(content);
    countDown();
  };

  /** Shows `message` as the field's error, or clears it. */
  const fieldError = (field: ContactField, message?: string) => {
    const input = control(field);
    const id = `${input.id}-error`;
    document.getElementById(id)?.remove();
    if (!message) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    const content = clone('contact-field-error');
    const error = content.firstElementChild!;
    error.id = id;
    error.querySelector('span')!.textContent = message;
    input.after(content);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
  };

  const send = async (): Promise<ContactActionData> => {
    const values = { firstName: '', lastName: '', email: '', message: '' };
    let response: Response;
    try {
      response = await fetch(form.dataset.endpoint!, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      });
    } catch {
      // Never reached the server (offline, connection reset): the fields stay as they are.
      return { status: 'error', error: CONTACT_TEXT.errorBody, code: 'network', values };
    }
    return response.json().catch(() => ({ status: 'error', error: CONTACT_TEXT.errorBody, code: 'bad_request', values }));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    // The answer to a submit without JavaScript goes with the next one.
    document.getElementById('contact-notice')?.remove();
    CONTACT_FIELDS.forEach((field) => fieldError(field));
    dismiss();
    sending = button.disabled = true;
    button.replaceChildren(clone('contact-sending'));
    const result = await send();
    sending = button.disabled = false;
    button.replaceChildren(...idle);
    if (result.status === 'success') {
      CONTACT_FIELDS.forEach((field) => (control(field).value = ''));
      return toast('success');
    }
    const errors = result.fieldErrors ?? {};
    CONTACT_FIELDS.forEach((field) => fieldError(field, errors[field]));
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (first) control(first).focus();
    if (result.error) {
      console.error(`Failed to send message (${result.code ?? 'unknown error'})`);
      toast('error');
    }
  });

  // An error describes what was typed; once that changes it no longer applies.
  form.addEventListener('input', (event) => {
    const field = (event.target as HTMLInputElement).name as ContactField;
    if (CONTACT_FIELDS.includes(field)) fieldError(field);
  });

  // Back from another page (the back/forward cache): the form as it was, never stuck sending.
  addEventListener('pageshow', () => {
    sending = button.disabled = false;
    button.replaceChildren(...idle);
  });
}
