import { BACK_ATTRIBUTE, IMAGE_READY_ATTRIBUTE, IMAGE_WAIT_ATTRIBUTE } from '../shell/not-found.ts';
import { useSite } from '../lib/site-context.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Picture } from '../images/Picture.tsx';
import styles from './NotFound.module.css';

/** Also preloaded by the 404.html head (scripts/build.ts), so it is usually in the cache before hydration. */
export const NOT_FOUND_IMAGE = { src: '/images/not-found.svg', width: 320, height: 220 };

/**
 * The not-found screen: static markup. The picture is preloaded, and the shell script shows a spinner until it has
 * loaded (renderer/shell/not-found.ts); without scripts the message shows at once.
 */
export function NotFound({ underConstruction = false }: { underConstruction?: boolean }) {
  const { notFound } = useSite();
  return (
    <>
      <section className={styles.screen} aria-busy="true" hidden {...{ [IMAGE_WAIT_ATTRIBUTE]: '' }}>
        <Spinner label="Loading" size="lg" />
      </section>
      <section className={styles.screen} aria-labelledby="not-found-heading" {...{ [IMAGE_READY_ATTRIBUTE]: '' }}>
        <div className={styles.card}>
          <Picture className={styles.image} image={{ ...NOT_FOUND_IMAGE, alt: '' }} display="notFound" />
          {underConstruction ? (
            <h1 id="not-found-heading" className={styles.heading}>
              Site under construction
            </h1>
          ) : (
            <>
              <p className={styles.code}>404 error</p>
              <h1 id="not-found-heading" className={styles.heading}>
                Page not found
              </h1>
            </>
          )}
          <p className={styles.text}>Sorry, the page you are looking for doesn’t exist. Here are some helpful links:</p>
          <div className={styles.actions}>
            <Button variant="secondary" size="lg" hidden {...{ [BACK_ATTRIBUTE]: '' }}>
              Go Back
            </Button>
            <ButtonLink to="/" size="lg">
              Take me home
            </ButtonLink>
          </div>
          {!underConstruction && (
            <ul className={styles.links} aria-label="Helpful links">
              {notFound.links.map((l) => (
                <li key={l.href}>
                  <SmartLink to={l.href} className={styles.link}>
                    {l.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
