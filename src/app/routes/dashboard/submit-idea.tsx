import { SubmitIdeaPage } from '@/features/ideas/components/submit-idea-page';

/** /dashboard/submit-idea: 'Zgłoś pomysł' (dashboard.md §2 Ideas). */
export function Component() {
  return <SubmitIdeaPage />;
}
