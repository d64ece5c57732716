export const subscriptionKeys = {
  /** Per user: a new sign-in must not see the previous user's plan. */
  current: (uid: string | undefined) => ["subscription", uid ?? null] as const,
};
