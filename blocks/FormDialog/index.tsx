import { useEffect, useRef, useState } from 'react';
import type { FormConfig, FormDialogBlock } from '../../renderer/generated/config-types.ts';
import { FormRenderer } from '../../renderer/forms/FormRenderer.tsx';
import { ToastOutlet } from '../../renderer/forms/toasts.tsx';
import { registerDialog } from '../../renderer/lib/dialogs.ts';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { Dialog } from '../../renderer/ui/Dialog.tsx';
import styles from './styles.module.css';

/** Nothing on the page until a "#<id>" link opens it; the dialog keeps focus inside until it closes. */
export default function FormDialog({ id, title, text, form }: FormDialogBlock) {
  const config = useFragment<FormConfig>('forms', form);
  const [open, setOpen] = useState(false);
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      registerDialog(id, (from) => {
        setTrigger(from);
        setOpen(true);
      }),
    [id],
  );

  useEffect(() => {
    // Runs after the Dialog has called showModal() (child effects first), so the field can take focus.
    if (open) body.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus();
  }, [open]);

  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={title} returnFocusTo={trigger}>
      <div ref={body} className={styles.body}>
        {text && <p className={styles.text}>{text}</p>}
        <FormRenderer formId={form} config={config} onClose={() => setOpen(false)} dialogToastContainer={`dialog-${id}`} />
        <ToastOutlet containerId={`dialog-${id}`} />
      </div>
    </Dialog>
  );
}
