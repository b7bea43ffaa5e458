/**
 * The preview of a form being edited: the real Form section in a frame of its own (editor/form-preview.html), drawn
 * from the form as it is now, unsaved changes included, with a switch that shows every field's message as if the
 * form had been sent empty.
 */
import { useEffect, useRef, useState } from 'react';
import { useEditor } from './store.ts';
import type { FormPreviewMessage } from './form-preview.tsx';

export function FormPreviewPane({ path, wide }: { path: string; wide?: boolean }) {
  const config = useEditor((s) => s.working[path]);
  const site = useEditor((s) => s.working['site.json']);
  const [showMessages, setShowMessages] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const id = path.replace(/^forms\//, '').replace(/\.json$/, '');
  const send = () => {
    const message: FormPreviewMessage = { sw: 'form', id, config, site: site ?? null, showMessages };
    frame.current?.contentWindow?.postMessage(message, location.origin);
  };
  useEffect(() => {
    if (ready.current) send();
  });
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || e.source !== frame.current?.contentWindow || e.data?.sw !== 'form-ready') return;
      ready.current = true;
      send();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });
  return (
    <section className={wide ? 'sw-preview sw-fp sw-fp--wide' : 'sw-preview sw-fp'} aria-labelledby="sw-fp-title">
      <div className="sw-preview__bar">
        <h2 id="sw-fp-title" className="sw-pane-title">
          Preview of the form “{id}”
        </h2>
        <label className="sw-ff__switch">
          <input type="checkbox" role="switch" checked={showMessages} onChange={(e) => setShowMessages(e.target.checked)} aria-describedby="sw-fp-help" />
          Show messages
        </label>
        <p id="sw-fp-help" className="sw-help sw-fp__help">
          Shows each field’s message as if the form were sent empty. Sending is turned off in the preview.
        </p>
      </div>
      <div className="sw-preview__box">
        <iframe ref={frame} title="Preview of the form" src={`${import.meta.env.BASE_URL}editor/form-preview.html`} className="sw-fp__frame" />
      </div>
    </section>
  );
}
