// Query and mutation keys for the billing feature: build them here, never inline.
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  demoSession: (id: string) => [...billingKeys.all, 'demo-session', id] as const,
  topUp: () => [...billingKeys.all, 'top-up'] as const,
  subscribe: () => [...billingKeys.all, 'subscribe'] as const,
  portal: () => [...billingKeys.all, 'portal'] as const,
  demoConfirm: () => [...billingKeys.all, 'demo-confirm'] as const,
  demoPurchases: () => [...billingKeys.all, 'demo-purchases'] as const,
  demoPurchaseAction: () => [...billingKeys.all, 'demo-purchase-action'] as const,
};
