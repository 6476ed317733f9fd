import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useCreateAnnouncement } from '@/data/announcements/create-announcement';
import { useDeleteAnnouncement } from '@/data/announcements/delete-announcement';
import { useAnnouncements, type Announcement } from '@/data/announcements/list-announcements';
import { useUpdateAnnouncement } from '@/data/announcements/update-announcement';
import { t } from '@/i18n/admin';
import { formatDateTime } from '@/lib/format';
import { SafeLinkText } from '@/lib/safe-link-text';
import { ConfirmDeleteDialog } from '../../shared/components/confirm-delete-dialog';
import { DeleteButton, EditButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { useConfirmDelete } from '../../shared/hooks/use-confirm-delete';
import { adminErrorMessage } from '../../shared/utils/errors';
import { AnnouncementForm } from './announcement-form';

/** Announcements tab (product.md#dashboard-2, §4, §7): create (active at once), toggle active, edit, delete. */
export function AnnouncementsTab() {
  const announcements = useAnnouncements();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const toast = useToast();
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);

  const add = async (content: string) => {
    try {
      await create.mutateAsync(content);
    } catch (failure) {
      throw new Error(adminErrorMessage(failure, 'admin.announcements.save_failed'));
    }
    toast.show(t('admin.announcements.created'));
    return true;
  };

  const edit = async (announcement: Announcement, content: string) => {
    try {
      await update.mutateAsync({ id: announcement.id, content });
    } catch (failure) {
      throw new Error(adminErrorMessage(failure, 'admin.announcements.save_failed'));
    }
    toast.show(t('admin.saved'));
    setEditing(null);
    return false;
  };

  const toggle = async (announcement: Announcement) => {
    setToggling(announcement.id);
    try {
      await update.mutateAsync({ id: announcement.id, active: !announcement.active });
      toast.show(t(announcement.active ? 'admin.announcements.deactivated' : 'admin.announcements.activated'));
    } catch (failure) {
      toast.show(adminErrorMessage(failure, 'admin.announcements.save_failed'), 'error');
    } finally {
      setToggling(null);
    }
  };

  const deletion = useConfirmDelete(async (announcement: Announcement) => {
    await remove.mutateAsync(announcement.id);
    toast.show(t('admin.announcements.deleted'));
  }, 'admin.announcements.delete_failed');

  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.announcements')} description={t('admin.announcements.description')} />
      <Card title={t('admin.announcements.new')}>
        <AnnouncementForm submitLabel={t('admin.announcements.publish')} onSubmit={add} />
      </Card>
      <QueryStates
        query={announcements}
        loadingClassName="h-32"
        errorMessage={t('admin.announcements.load_failed')}
        isEmpty={noRows}
        empty={t('admin.announcements.empty')}
      >
        {(rows) => (
          <ul className="space-y-3">
            {rows.map((announcement) => (
              <li key={announcement.id}>
                <Card className="space-y-3">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-muted">
                    <span>{formatDateTime(announcement.created_at)}</span>
                    <Badge tone={announcement.active ? 'success' : 'neutral'}>
                      {t(announcement.active ? 'admin.announcements.active' : 'admin.announcements.inactive')}
                    </Badge>
                  </div>
                  <p className="whitespace-pre-line text-ink">
                    <SafeLinkText content={announcement.content} />
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      className="px-3 py-1"
                      disabled={toggling !== null}
                      onClick={() => void toggle(announcement)}
                    >
                      {t(announcement.active ? 'admin.announcements.deactivate' : 'admin.announcements.activate')}
                    </Button>
                    <EditButton onClick={() => setEditing(announcement)} />
                    <DeleteButton onClick={() => deletion.open(announcement)} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {editing ? (
        <Dialog open onClose={() => setEditing(null)} title={t('admin.announcements.edit_title')} size="lg">
          <div className="mt-4">
            <AnnouncementForm
              initialContent={editing.content}
              submitLabel={t('admin.save')}
              onSubmit={(content) => edit(editing, content)}
            />
          </div>
        </Dialog>
      ) : null}
      {deletion.target ? (
        <ConfirmDeleteDialog
          deletion={deletion}
          pending={remove.isPending}
          title={t('admin.announcements.delete_title')}
          description={t('admin.announcements.delete_confirm')}
        />
      ) : null}
    </section>
  );
}
