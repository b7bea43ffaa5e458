import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import styles from '../renderer.module.css';

export const NOT_FOUND_IMAGE = { src: '/images/not-found.svg', width: 320, height: 220 };

const HELPFUL_LINKS = [
  { label: 'Private project owners', to: '/owner' },
  { label: 'Contractors', to: '/contractor' },
  { label: 'Pricing', to: '/pricing/enterprise' },
  { label: 'Contact us', to: '/contact' },
];

/** Spec "Not-found page": the image is preloaded and a spinner shows until it has loaded. */
export function NotFound({ underConstruction = false }: { underConstruction?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();

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
    <section className={styles.screen}>
      <div className={styles['screen-inner']}>
        <img className={styles['screen-image']} src={NOT_FOUND_IMAGE.src} width={NOT_FOUND_IMAGE.width} height={NOT_FOUND_IMAGE.height} alt="" />
        {underConstruction ? (
          <h1>Site under construction</h1>
        ) : (
          <>
            <p className={styles['screen-code']}>404 error</p>
            <h1>Page not found</h1>
          </>
        )}
        <p>Sorry, the page you are looking for doesn’t exist. Here are some helpful links:</p>
        <div className={styles['screen-actions']}>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go Back
          </Button>
          <ButtonLink to="/">Take me home</ButtonLink>
        </div>
        {!underConstruction && (
          <ul className={styles['screen-links']}>
            {HELPFUL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
