import type { BadgeTone } from '@/components/ui/badge';
import { t, type IdeasMessageKey } from '@/i18n/ideas';
import type { Enums } from '@/types/database.types';

export type IdeaStatus = Enums<'idea_status'>;

/** product.md#dashboard-4: 'W ocenie', 'Zaakceptowany', 'Odrzucony', with the badge's tone: one set for the board and the admin tab. */
export const IDEA_STATUS: Record<IdeaStatus, { label: IdeasMessageKey; tone: BadgeTone }> = {
  pending: { label: 'ideas.status.pending', tone: 'info' },
  approved: { label: 'ideas.status.approved', tone: 'success' },
  rejected: { label: 'ideas.status.rejected', tone: 'danger' },
};

export const IDEA_STATUSES = Object.keys(IDEA_STATUS) as IdeaStatus[];

export function statusLabel(status: IdeaStatus): string {
  return t(IDEA_STATUS[status].label);
}
