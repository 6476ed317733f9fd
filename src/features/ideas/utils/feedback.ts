/** product.md#dashboard-7: a webhook feedback that contains 'błąd' is shown in red. */
export function isErrorFeedback(feedback: string): boolean {
  return feedback.toLocaleLowerCase('pl').includes('błąd');
}
