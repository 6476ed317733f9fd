import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useDeletePost } from '@/data/community/delete-post';
import { useAdminPosts, type AdminPost } from '@/data/community/list-posts';
import { useSavePost, type PostInput } from '@/data/community/save-post';
import { t } from '@/i18n/admin';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDateTime } from '@/lib/format';
import { SafeLinkText } from '@/lib/safe-link-text';
import { ConfirmDeleteDialog } from '../../shared/components/confirm-delete-dialog';
import { DeleteButton, EditButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { useConfirmDelete } from '../../shared/hooks/use-confirm-delete';
import { adminErrorMessage } from '../../shared/utils/errors';
import { PostForm } from './post-form';

/**
 * 'Społeczność' (issue 24 §5): admins publish community posts as themselves, edit and delete them;
 * the content's `[text](url)` links follow the announcements' rule (lib/safe-links.ts). Members read
 * them in 'Społeczność' on their side.
 */
export function CommunityTab() {
  const { user } = useAuth();
  const posts = useAdminPosts();
  const save = useSavePost();
  const remove = useDeletePost();
  const toast = useToast();
  const [editing, setEditing] = useState<AdminPost | null>(null);

  const persist = async (values: PostInput, id?: string) => {
    try {
      await save.mutateAsync({ ...values, id, authorId: user?.id ?? '' });
    } catch (failure) {
      throw new Error(adminErrorMessage(failure, 'admin.community.save_failed'));
    }
  };

  const add = async (values: PostInput) => {
    await persist(values);
    toast.show(t('admin.community.created'));
    return true;
  };

  const edit = async (post: AdminPost, values: PostInput) => {
    await persist(values, post.id);
    toast.show(t('admin.saved'));
    setEditing(null);
    return false;
  };

  const deletion = useConfirmDelete(async (post: AdminPost) => {
    await remove.mutateAsync(post.id);
    toast.show(t('admin.community.deleted'));
  }, 'admin.community.delete_failed');

  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.community')} description={t('admin.community.description')} />
      <Card title={t('admin.community.new')}>
        <PostForm submitLabel={t('admin.announcements.publish')} onSubmit={add} />
      </Card>
      <QueryStates
        query={posts}
        loadingClassName="h-32"
        errorMessage={t('admin.community.load_failed')}
        isEmpty={noRows}
        empty={t('admin.community.empty')}
      >
        {(rows) => (
          <ul className="space-y-3" aria-label={t('admin.community.list')}>
            {rows.map((post) => (
              <li key={post.id}>
                <Card className="space-y-2">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="break-words text-base font-semibold text-ink">{post.title}</h2>
                    <span className="text-sm text-ink-muted">{formatDateTime(post.created_at)}</span>
                  </div>
                  <p className="whitespace-pre-line break-words text-sm text-ink">
                    <SafeLinkText content={post.content} />
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <EditButton
                      label={t('admin.community.edit_label', { title: post.title })}
                      onClick={() => setEditing(post)}
                    />
                    <DeleteButton
                      label={t('admin.community.delete_label', { title: post.title })}
                      onClick={() => deletion.open(post)}
                    />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {editing ? (
        <Dialog open onClose={() => setEditing(null)} title={t('admin.community.edit_title')} size="lg">
          <div className="mt-4">
            <PostForm
              initial={{ title: editing.title, content: editing.content }}
              submitLabel={t('admin.save')}
              onSubmit={(values) => edit(editing, values)}
            />
          </div>
        </Dialog>
      ) : null}
      {deletion.target ? (
        <ConfirmDeleteDialog
          deletion={deletion}
          pending={remove.isPending}
          title={t('admin.community.delete_title')}
          description={t('admin.community.delete_confirm')}
        />
      ) : null}
    </section>
  );
}
