/** Query and mutation keys of the membership plans catalogue (START, PREMIUM, VIP): the plans grid and the admin 'Katalog'. */
export const membershipPlanKeys = {
  all: ['membership-plans'] as const,
  list: () => [...membershipPlanKeys.all, 'list'] as const,
  update: () => [...membershipPlanKeys.all, 'update'] as const,
};
