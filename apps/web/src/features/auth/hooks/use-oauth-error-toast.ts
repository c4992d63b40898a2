import { AUTH_QUERY_PARAMS, oauthErrorToast } from '@council/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';

/**
 * The server sends a failed or unconfigured Google / Apple sign-in back to /auth?error=<code>:
 * toast it once, then drop the parameter so a reload does not repeat it.
 */
export function useOAuthErrorToast(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get(AUTH_QUERY_PARAMS.error);

  useEffect(() => {
    if (!code) return;
    toast(oauthErrorToast(code));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(AUTH_QUERY_PARAMS.error);
        return next;
      },
      { replace: true },
    );
  }, [code, setSearchParams]);
}
