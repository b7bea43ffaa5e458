/**
 * The frame of the form preview (FormPreview.tsx): the real Form section, given the form the editor posts (unsaved
 * changes included), checked by a validator compiled from that form, with every message shown when asked. Nothing
 * is sent from here: the section's submit never reaches the form.
 */
import { StrictMode, Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import FormSection from '../blocks/Form/index.tsx';
import { BlockBoundary } from '../renderer/BlockBoundary.tsx';
import { FormHostContext, type FormHost } from '../renderer/forms/host-context.ts';
import type { SiteConfig } from '../renderer/generated/config-types.ts';
import { PageProvider, SiteProvider } from '../renderer/lib/site-context.tsx';
import '../renderer/styles/global.css';
import { runtimeValidator } from './form-validator.ts';

export interface FormPreviewMessage {
  sw: 'form';
  /** The form's file name, e.g. "contact". */
  id: string;
  config: unknown;
  site: unknown;
  showMessages: boolean;
}

function FormPreview({ message }: { message: FormPreviewMessage }) {
  const key = JSON.stringify(message.config);
  const fragments = useMemo(() => ({ fragments: { forms: { [message.id]: JSON.parse(key) as unknown } } }), [key, message.id]);
  const host = useMemo<FormHost>(() => ({ showAllMessages: message.showMessages, validator: runtimeValidator }), [message.showMessages]);
  // A new form or the switch turned draws the form afresh: its validator and which messages show start over.
  return (
    <PageProvider value={fragments}>
      <FormHostContext.Provider value={host}>
        <BlockBoundary key={`${key}#${message.showMessages}`} label="form">
          <Suspense fallback={<p>Loading the form…</p>}>
            <FormSection type="form" form={message.id} />
          </Suspense>
        </BlockBoundary>
      </FormHostContext.Provider>
    </PageProvider>
  );
}

function Root() {
  const [message, setMessage] = useState<FormPreviewMessage | null>(null);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === location.origin && e.data?.sw === 'form') setMessage(e.data as FormPreviewMessage);
    };
    window.addEventListener('message', onMessage);
    window.parent?.postMessage({ sw: 'form-ready' }, location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const siteKey = message?.site ? JSON.stringify(message.site) : '';
  const site = useMemo(() => (siteKey ? (JSON.parse(siteKey) as SiteConfig) : null), [siteKey]);
  if (!message) return <p>Loading the preview…</p>;
  const inner = <FormPreview message={message} />;
  return <MemoryRouter>{site ? <SiteProvider value={site}>{inner}</SiteProvider> : inner}</MemoryRouter>;
}

// Sending is off here: a submit stops before the form's own handler, so nothing leaves the preview.
document.addEventListener(
  'submit',
  (e) => {
    e.preventDefault();
    e.stopPropagation();
  },
  true,
);

const container = document.getElementById('app');
if (!container) throw new Error('#app mount node missing');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
