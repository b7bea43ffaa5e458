import { createElement, type ReactNode } from 'react';
import type { ProseBlock } from '../../renderer/generated/config-types.ts';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { SmartLink } from '../../renderer/ui/SmartLink.tsx';
import type { ProseDocument, ProseNode } from './tree.ts';
import styles from './styles.module.css';

function renderNodes(nodes: ProseNode[] | undefined): ReactNode[] {
  return (nodes ?? []).map((n, i) => renderNode(n, i));
}

function renderNode(node: ProseNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const children = renderNodes(node.children);
  if (node.tag === 'a') {
    return (
      <SmartLink key={key} to={node.href ?? '#'}>
        {children}
      </SmartLink>
    );
  }
  // The tree only holds tags from PROSE_TAGS and these attributes (checked at build time), so nothing else reaches the DOM.
  const props: Record<string, unknown> = { key };
  if (node.id) props.id = node.id;
  if (node.start !== undefined) props.start = node.start;
  if (node.tag === 'hr' || node.tag === 'br') return createElement(node.tag, props);
  return createElement(node.tag, props, ...children);
}

function stripNumber(text: string): string {
  return text.replace(/^\s*\d+(\.\d+)*[.)]?\s+/, '');
}

/** Long-form Markdown content compiled at build time (see scripts/lib/mdx-content.ts). */
export default function Prose({ id, source, toc = false, tocLabel = 'On this page', showUpdated = true }: ProseBlock) {
  const doc = useFragment<ProseDocument>('content', source);
  const withToc = toc && doc.headings.length > 0;
  return (
    <section id={id} className={styles.section}>
      <div className={`container ${styles.inner} ${withToc ? styles.withToc : ''}`}>
        {withToc && (
          // Not a heading: the document's own sections stay the only h2s in the main content.
          <nav className={styles.toc} aria-labelledby={`${source}-toc`}>
            <p id={`${source}-toc`} className={styles.tocTitle}>
              {tocLabel}
            </p>
            {/* The list numbers the entries, so a "1." already in a heading is not repeated. */}
            <ol className={styles.tocList}>
              {doc.headings.map((h) => (
                <li key={h.id}>
                  <a href={`#${h.id}`}>{stripNumber(h.text)}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <article className={styles.prose}>
          {showUpdated && doc.updated && <p className={styles.updated}>Last updated: {doc.updated}</p>}
          {renderNodes(doc.children)}
        </article>
      </div>
    </section>
  );
}
