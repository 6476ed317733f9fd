import { IdeasBoardPage } from '@/features/ideas/components/ideas-board-page';

/** /dashboard/ideas: the ideas board 'Pomysły' (product.md#dashboard-2 Ideas). */
export function Component() {
  return <IdeasBoardPage />;
}
