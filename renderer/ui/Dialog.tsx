import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { dialogElementId, registerDialog } from '../lib/dialogs.ts';
import { lockScroll } from '../lib/scroll-lock.ts';
import { Icon } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title: string;
  /** Hide the heading visually but keep it as the accessible name. */
  hideTitle?: boolean;
  /** Where focus returns after closing; defaults to whatever had focus when it opened. */
  returnFocusTo?: HTMLElement | null;
  size?: 'sm' | 'md' | 'lg';
  /** The <dialog>'s id, for openers that name it (dialogElementId); a generated one otherwise. */
  id?: string;
  /**
   * What the prerendered dialog shows in place of its spinner in a browser without script, where its opener's
   * invoker command opens it but its content never comes.
   */
  withoutScript?: ReactNode;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside) and
 * handles Escape; we add the close icon, closing on a click outside the panel, scroll lock and focus return.
 *
 * Its frame (title and Close) is in the prerendered page, so the islands shell can open it the moment it is asked
 * for, before the block's code has arrived; until then Escape and Close (an invoker command) close it natively
 * and its body shows a spinner. The block's own content comes with its code.
 */
export function Dialog({ open, onClose, title, hideTitle = false, returnFocusTo, size = 'md', id, withoutScript, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const generatedId = useId();
  const dialogId = id ?? generatedId;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (!dialog.open) dialog.showModal();
    const release = lockScroll();
    return () => {
      release();
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open, returnFocusTo]);

  return (
    <dialog
      ref={ref}
      id={dialogId}
      // "md" is the panel's own width, so it has no class of its own.
      className={size === 'md' ? styles.dialog : `${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Escape: let React state decide, so open/closed never drift apart.
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        // The <dialog> element itself is only hit on its backdrop: the panel fills it edge to edge.
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.head}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" commandfor={dialogId} command="close" onClick={() => onCloseRef.current()}>
            <Icon name="x" size={22} />
          </button>
        </div>
        {open ? (
          children
        ) : (
          <>
            <div className={styles.waiting}>
              <Spinner />
            </div>
            {withoutScript && <div className={styles['without-script']}>{withoutScript}</div>}
          </>
        )}
      </div>
    </dialog>
  );
}

/**
 * What a dialog block gives its <Dialog>: opened by the "#<id>" links and buttons of its page (registerDialog), its
 * element named for their invoker command (dialogElementId), and the focus given back to whatever opened it.
 * `onOpen` runs on each opening, before the dialog shows.
 */
export function useDialogBlock(id: string, onOpen?: () => void): Pick<DialogProps, 'id' | 'open' | 'onClose' | 'returnFocusTo'> {
  const [open, setOpen] = useState(false);
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  useEffect(
    () =>
      registerDialog(id, (from) => {
        setTrigger(from);
        onOpenRef.current?.();
        setOpen(true);
      }),
    [id],
  );
  return { id: dialogElementId(id), open, onClose: () => setOpen(false), returnFocusTo: trigger };
}
