import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../lib/site-context.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './NotFound.module.css';

/** Also preloaded by the 404.html head (scripts/build.ts), so it is usually in the cache before hydration. */
export const NOT_FOUND_IMAGE = { src: '/images/not-found.svg', width: 320, height: 220 };

/** The not-found screen: the image is preloaded and a spinner shows until it has loaded. */
export function NotFound({ underConstruction = false }: { underConstruction?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();
  const { notFound } = useSite();

  useEffect(() => {
    const img = new Image();
    const done = () => setLoaded(true);
    img.onload = done;
    // A missing picture must not hide the way out.
    img.onerror = done;
    img.src = NOT_FOUND_IMAGE.src;
    if (img.complete) done();
    return () => {
      img.onload = null;
      img.onerror = null;
    };
  }, []);

  if (!loaded) {
    return (
      <section className={styles.screen} aria-busy="true">
        <Spinner label="Loading" size="lg" />
      </section>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="not-found-heading">
      <div className={styles.card}>
        <img className={styles.image} src={NOT_FOUND_IMAGE.src} width={NOT_FOUND_IMAGE.width} height={NOT_FOUND_IMAGE.height} alt="" />
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
          <Button variant="secondary" size="lg" onClick={() => navigate(-1)}>
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
  );
}
