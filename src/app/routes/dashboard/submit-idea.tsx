import { SubmitIdeaPage } from '@/features/ideas/components/submit-idea-page';

/** /dashboard/submit-idea: 'Zgłoś pomysł' (product.md#dashboard-2 Ideas). */
export function Component() {
  return <SubmitIdeaPage />;
}
