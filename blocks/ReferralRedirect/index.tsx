import { useEffect } from 'react';
import { useRouteParams } from '../../renderer/lib/route-params.tsx';
import type { ReferralRedirectBlock } from '../../renderer/generated/config-types.ts';
import { useSite } from '../../renderer/lib/site-context.tsx';
import { Spinner } from '../../renderer/ui/Spinner.tsx';
import { navigation, referralRedirectUrl } from './redirect-url.ts';
import styles from './styles.module.css';

/**
 * The page is prerendered once for every code (the CDN rewrites /referral/<code> to it),
 * so the markup never contains the code; the redirect happens after hydration, from the code in the address bar.
 */
export default function ReferralRedirect({
  destination,
  routeParam = 'refId',
  queryParam = 'referralCode',
  message = 'Redirecting Please Wait...',
}: ReferralRedirectBlock) {
  const site = useSite();
  const code = useRouteParams()[routeParam];

  useEffect(() => {
    if (!code) return;
    const url = referralRedirectUrl(site, destination, queryParam, code);
    // replace(): the redirect page should not be a step the Back button returns to.
    if (url) navigation.replace(url);
  }, [site, destination, queryParam, code]);

  return (
    <section className={styles.screen}>
      {/* The message below says it all; the spinner is decoration. */}
      <div aria-hidden="true">
        <Spinner size="lg" />
      </div>
      {/* The message is the page's one main heading (the page has nothing else); the live region announces it. */}
      <div role="status">
        <h1 className={styles.message}>{message}</h1>
      </div>
    </section>
  );
}
