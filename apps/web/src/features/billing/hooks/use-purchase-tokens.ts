import { type TokenPackId } from '@council/contracts';
import { useMutation } from '@tanstack/react-query';
import { billingKeys } from '../api/billing-keys';
import { topUpTokens } from '../api/top-up-tokens';
import { redirectToCheckout } from '../utils/redirect-to-checkout';

/**
 * Buys a token pack: POST /api/top-up-tokens, then the browser goes to the checkout (spec §4). The
 * mutation stays pending until the redirect has started, so buttons stay disabled meanwhile.
 * Callers choose the error toast (the dialog and the pricing screen word it differently, §8).
 */
export function usePurchaseTokens() {
  return useMutation({
    mutationKey: billingKeys.topUp(),
    mutationFn: async (packId: TokenPackId) => redirectToCheckout(await topUpTokens(packId)),
  });
}
