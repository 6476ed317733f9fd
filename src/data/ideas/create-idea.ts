import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import type { IdeaCategory } from './category-values';

export type NewIdea = {
  title: string;
  description: string;
  category: IdeaCategory;
  targetAudience: string;
  monetizationStrategy: string;
  imageUrls: string[];
};

/**
 * Insert into app_ideas (product.md#dashboard-7). The author, the pending status and the counters come
 * from the server (docs/decisions.md); the images must be the member's own uploaded objects.
 */
export async function createIdea(client: AppSupabaseClient, idea: NewIdea): Promise<string> {
  const row = unwrap(
    await client
      .from('app_ideas')
      .insert({
        title: idea.title,
        description: idea.description,
        category: idea.category,
        target_audience: idea.targetAudience,
        monetization_strategy: idea.monetizationStrategy,
        image_urls: idea.imageUrls,
      })
      .select('id')
      .single(),
  );
  if (!row?.id) throw new AppError('ideas.save_failed');
  return row.id;
}
