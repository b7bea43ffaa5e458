import type { FormConfig, FormDialogBlock } from '../../renderer/generated/config-types.ts';
import { LoadingFormEngine } from '../../renderer/forms/FormEngine.tsx';
import { ToastOutlet } from '../../renderer/forms/toasts.tsx';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { Dialog, useDialogBlock } from '../../renderer/ui/Dialog.tsx';
import styles from './styles.module.css';

/** Nothing on the page until a "#<id>" link opens it; the dialog keeps focus inside until it closes. */
export default function FormDialog({ id, title, text, form, page }: FormDialogBlock) {
  const config = useFragment<FormConfig>('forms', form);
  const dialog = useDialogBlock(id);

  return (
    <Dialog
      {...dialog}
      title={title}
      // With a page of its own its links lead there without script; without one they are buttons that open this frame.
      withoutScript={
        !page && (
          <div className={styles.body}>
            {text && <p className={styles.text}>{text}</p>}
            <p>This form needs JavaScript, which is off in this browser. Turn it on and reload the page to send it.</p>
          </div>
        )
      }
    >
      <div className={styles.body}>
        {text && <p className={styles.text}>{text}</p>}
        {/* The form engine is fetched when the dialog first opens: pages that only might open it stay light. */}
        <LoadingFormEngine
          loadingClassName={styles.loading}
          formId={form}
          config={config}
          onClose={dialog.onClose}
          dialogToastContainer={`dialog-${id}`}
          autoFocus
        />
        <ToastOutlet containerId={`dialog-${id}`} />
      </div>
    </Dialog>
  );
}
