/** Moves focus into a step of the add-to-playlist dialog as the step appears. */

/**
 * Each step replaces the controls of the one before, so its first control (the chosen playlist,
 * the name field) takes focus, and the done step's message itself (WCAG 2.4.3). On the dialog's
 * first paint the dialog is not shown yet and showModal() places focus as usual.
 */
export function focusStep(step: HTMLElement | null) {
  if (!step) return;
  const control =
    step.querySelector<HTMLElement>('input:checked') ??
    step.querySelector<HTMLElement>('input, select, button');
  (step.hasAttribute('tabindex') ? step : control)?.focus();
}
