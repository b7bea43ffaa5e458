import { useEffect } from 'react';
import { fragments, items, page } from 'virtual:sitewright/catalogue';
import { site } from 'virtual:sitewright/config';
import { Blocks } from '../Blocks.tsx';
import type { Block } from '../generated/config-types.ts';
import { PageProvider, SiteProvider } from '../lib/site-context.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import styles from './catalogue.module.css';

/** Every registered block, rendered from its example config, with what a marketer needs to use it. */
export function Catalogue() {
  useEffect(() => {
    document.title = 'Block catalogue';
  }, []);
  const loaded = { page, fragments };
  return (
    <SiteProvider value={site}>
      <PageProvider value={loaded}>
        <header className={styles.top}>
          <div className="container">
            <p className={styles.kicker}>Dev server only · not part of the build</p>
            <h1 className={styles.title}>Block catalogue</h1>
            <p className={styles.lead}>
              Each section below is one block type, drawn from its example config. Copy the example into the <code>blocks</code> list of a page in{' '}
              <code>site.config/pages/</code>; every setting is explained in <code>docs/blocks.md</code>.
            </p>
            <nav aria-label="Block types">
              <ul className={styles.toc}>
                {items.map((item) => (
                  <li key={item.type}>
                    <a href={`#catalogue-${item.type}`}>{item.type}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        <main>
          {items.map((item) => {
            const id = typeof item.example?.id === 'string' ? item.example.id : undefined;
            return (
              <section key={item.type} className={styles.entry} aria-labelledby={`catalogue-${item.type}`} data-block-type={item.type}>
                <div className={`container ${styles.label}`}>
                  <h2 id={`catalogue-${item.type}`} className={styles.type}>
                    <code>{item.type}</code> <span className={styles.schemaTitle}>{item.title}</span>
                  </h2>
                  <p className={styles.description}>{item.description}</p>
                  <p className={styles.meta}>
                    Example: <code>{item.exampleFile ?? 'none'}</code>
                    {id && (
                      <>
                        {' · '}
                        {/* Dialog blocks show nothing until opened: a "#id" link opens them, as on a real page. */}
                        <SmartLink to={`#${id}`}>Open #{id}</SmartLink>
                      </>
                    )}
                  </p>
                  {item.problems.length > 0 && (
                    <ul className={styles.problems} aria-label={`Problems with the ${item.type} example`}>
                      {item.problems.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  )}
                </div>
                {item.example ? (
                  <div className={styles.preview}>
                    <Blocks blocks={[item.example as unknown as Block]} />
                  </div>
                ) : (
                  <p className={`container ${styles.missing}`}>This block has no example.json yet.</p>
                )}
              </section>
            );
          })}
        </main>
      </PageProvider>
    </SiteProvider>
  );
}
